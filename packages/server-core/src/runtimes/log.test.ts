import { describe, expect, it } from 'vitest';
import type { RequestReport } from '../http/request-report';
import { errorFields, jsonLinesLogger, logRequest } from './log';

const REPORT: RequestReport = {
  requestId: 'req-1',
  method: 'GET',
  route: '/openapi/v1/scopes/',
  operationId: 'getScope',
  status: 200,
  durationMs: 0.18116699999973207,
  keyId: 'key_1',
  rateLimited: undefined,
};

function lines(level: Parameters<typeof jsonLinesLogger>[0]['level'], pid?: number) {
  const written: Record<string, unknown>[] = [];
  const logger = jsonLinesLogger({ level, pid, write: (line) => written.push(JSON.parse(line)) });
  return { logger, written };
}

describe('the request log line of every runtime', () => {
  it("is pino's line: level number, time, pid, the request's fields, a rounded durationMs, msg last", () => {
    const { logger, written } = lines('info', 42);
    logRequest(logger, REPORT);
    expect(written).toEqual([
      {
        level: 30,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pid: 42,
        requestId: 'req-1',
        method: 'GET',
        route: '/openapi/v1/scopes/',
        operationId: 'getScope',
        status: 200,
        durationMs: 0.2,
        keyId: 'key_1',
        msg: 'request',
      },
    ]);
    expect(Object.keys(written[0] ?? {}).at(-1)).toBe('msg');
  });

  it.each([
    [499, '/openapi/v1/scopes/', 30, 'aborted'],
    [503, '/openapi/v1/scopes/', 50, 'request failed'],
    // A probe answered "not ready": the outage is logged once per change, not per probe.
    [503, '/readyz', 30, 'request'],
  ])('logs status %i of %s at level %i as "%s"', (status, route, level, msg) => {
    const { logger, written } = lines('info');
    logRequest(logger, { ...REPORT, status, route });
    expect(written[0]).toMatchObject({ level, msg });
    expect(written[0]).not.toHaveProperty('pid');
  });

  it.each([
    ['warn', 1],
    ['silent', 0],
  ] as const)('at LOG_LEVEL=%s keeps only failures (%i line of 2)', (level, count) => {
    const { logger, written } = lines(level);
    logRequest(logger, REPORT);
    logRequest(logger, { ...REPORT, status: 500 });
    expect(written).toHaveLength(count);
  });
});

describe('an error in a log line', () => {
  it('is one line: the stack a field of its own, escaped by JSON, without the database detail fields', () => {
    const { logger, written } = lines('info');
    const error = Object.assign(new Error('null value in column "status"'), {
      detail: 'Failing row contains (uid, scrypt$17$8$1$salt$hash)',
    });
    const text: string[] = [];
    jsonLinesLogger({ level: 'info', write: (line) => text.push(line) }).error(
      errorFields(error),
      'internal error',
    );
    logger.error(errorFields(error), 'internal error');
    expect(text).toHaveLength(1);
    expect(text[0]).not.toContain('\n');
    expect(text[0]).not.toContain('scrypt$');
    expect(written[0]).toMatchObject({
      level: 50,
      err: {
        type: 'Error',
        message: 'null value in column "status"',
        stack: expect.stringContaining('\n    at '),
      },
      msg: 'internal error',
    });
  });

  it('of a value that is no Error carries its type only', () => {
    expect(errorFields({ secret: 'wsk_x' })).toEqual({ err: { type: 'object', message: 'object' } });
  });
});
