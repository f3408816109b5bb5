import { describe, expect, it } from 'vitest';
import { errmsgOf, requestLine } from './request-line';

describe('requestLine', () => {
  it('names method, path, operation and status, then the duration', () => {
    expect(
      requestLine({
        method: 'GET',
        path: '/openapi/v1/workspaces/',
        operationId: 'listWorkspaces',
        status: 200,
        durationMs: 3.14,
      }),
    ).toBe('GET /openapi/v1/workspaces/ listWorkspaces → 200 (3.1 ms)');
  });

  it("adds an error's errmsg on one line, cut when long, and whether an override answered", () => {
    const line = requestLine({
      method: 'POST',
      path: '/openapi/v1/workspaces/',
      operationId: 'createWorkspace',
      status: 400,
      errmsg: `body: Unrecognized key: "title"\n${'x'.repeat(300)}`,
      overridden: true,
      durationMs: 42.4,
    });
    expect(line).toMatch(
      /^POST \/openapi\/v1\/workspaces\/ createWorkspace → 400 body: Unrecognized key: "title" x+… \[override\] \(42 ms\)$/,
    );
    expect(line.length).toBeLessThan(260);
  });

  it('says so for a path no operation has', () => {
    expect(
      requestLine({ method: 'GET', path: '/openapi/v1/nowhere/', operationId: undefined, status: 404 }),
    ).toBe('GET /openapi/v1/nowhere/ (no operation) → 404');
  });
});

describe('errmsgOf', () => {
  it("reads an error envelope's errmsg, and nothing from a success or from text that is no envelope", () => {
    expect(errmsgOf('{"errcode":409,"errmsg":"name taken","data":null}')).toBe('name taken');
    expect(errmsgOf('{"errcode":200,"errmsg":"success","data":[]}')).toBeUndefined();
    expect(errmsgOf('not json')).toBeUndefined();
    expect(errmsgOf('')).toBeUndefined();
  });
});
