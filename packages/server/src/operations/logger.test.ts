import type { RequestReport } from '@wsadmin/server-core';
import { jsonLinesLogger, logRequest } from '@wsadmin/server-core/server-kit';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

const REPORT: RequestReport = {
  requestId: 'req-1',
  method: 'POST',
  route: '/openapi/v1/workspaces/',
  operationId: 'createWorkspace',
  status: 200,
  durationMs: 12.3456,
  keyId: 'key_1',
  rateLimited: 'key',
};

describe("the Node server's pino and the other runtimes' lines", () => {
  it('write the same fields in the same order', () => {
    const pinoLines: Record<string, unknown>[] = [];
    const pino = createLogger(
      { level: 'info', format: 'json' },
      { write: (line: string) => void pinoLines.push(JSON.parse(line)) },
    );
    const coreLines: Record<string, unknown>[] = [];
    const core = jsonLinesLogger({
      level: 'info',
      pid: process.pid,
      write: (line) => coreLines.push(JSON.parse(line)),
    });
    for (const report of [REPORT, { ...REPORT, status: 500 }]) {
      logRequest(pino, report);
      logRequest(core, report);
    }
    const withoutTime = (lines: Record<string, unknown>[]) => lines.map(({ time, ...rest }) => rest);
    expect(withoutTime(coreLines)).toEqual(withoutTime(pinoLines));
    expect(coreLines.map((line) => Object.keys(line))).toEqual(pinoLines.map((line) => Object.keys(line)));
    expect(pinoLines[0]).toMatchObject({ level: 30, durationMs: 12.3, msg: 'request' });
  });
});
