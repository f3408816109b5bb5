import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorEnvelope } from '@wsadmin/contract';
import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';
import { malformedRequestAnswer } from '../../src/operations/malformed-requests';
import { type RunningServer, startServer } from '../../src/server';

/**
 * Requests Node's HTTP parser refuses before the app runs (a header value with control bytes, a
 * request line that is no HTTP) are answered with the error envelope, not Node's bare 400.
 */
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wsadmin-malformed-'));
  server = await startServer(
    readConfig({ PORT: '0', DATABASE_URL: `sqlite:${join(dir, 'wsadmin.db')}`, LOG_LEVEL: 'silent' }),
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the server answers to `request` sent as raw bytes, read until it closes the connection. */
function sendRaw(request: Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

function parsed(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headers] = head.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: headers.map((line) => line.toLowerCase()),
    body: JSON.parse(body) as unknown,
    requestId: headers.find((line) => /^x-request-id:/i.test(line))?.replace(/^x-request-id:\s*/i, ''),
  };
}

const document = openapi as unknown as {
  paths: Record<string, { get: { responses: Record<string, unknown> } }>;
  components: { headers: Record<string, { schema: { pattern: string } }> };
};

/** The statuses the committed document declares for `GET /openapi/v1/scopes/`, the path the raw requests name. */
const documented = Object.keys(document.paths['/openapi/v1/scopes/']?.get.responses ?? {}).map(Number);

/** The document's pattern for `X-Request-Id`, which every answer carries. */
const requestIdPattern = new RegExp(document.components.headers['X-Request-Id']?.schema.pattern ?? '^$');

describe('malformed HTTP, answered with the envelope', () => {
  it.each([
    [
      'a header value with a NUL byte',
      Buffer.from('GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'),
    ],
    [
      'a header value with a raw control byte',
      Buffer.from('GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'),
    ],
    [
      'a header name with a space',
      Buffer.from('GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n'),
    ],
    ['a request line that is no HTTP', Buffer.from('HELLO\r\n\r\n')],
    [
      'a Content-Length that is no number',
      Buffer.from('POST /openapi/v1/workspaces/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
    ],
  ])('%s: 400 with the error envelope and Connection: close', async (_what, request) => {
    const answer = parsed(await sendRaw(request));
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toEqual({
      errcode: 400,
      errmsg: 'malformed HTTP request: the server could not parse it',
      data: { reason: 'invalid_request' },
    });
    expect(ErrorEnvelope.parse(answer.body)).toEqual(answer.body);
    expect(answer.requestId).toMatch(requestIdPattern);
  });

  it("header fields over Node's 16 KiB: 431 with the envelope, an X-Request-Id, and the status documented", async () => {
    const oversized = Buffer.from(
      `GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const answer = parsed(await sendRaw(oversized));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('connection: close');
    expect(answer.requestId).toMatch(requestIdPattern);
    expect(answer.body).toEqual({
      errcode: 431,
      errmsg: 'request header fields are too large',
      data: { reason: 'invalid_request' },
    });
    expect(documented).toContain(431);
  });

  it('a URL over 16 KiB: 431 too (Node has no 414), documented', async () => {
    const longUrl = Buffer.from(
      `GET /openapi/v1/scopes/?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const answer = parsed(await sendRaw(longUrl));
    expect(answer.status).toBe(431);
    expect(answer.requestId).toMatch(requestIdPattern);
    expect(documented).toContain(431);
  });

  it("every status Node answers is declared on every operation, the bad header byte's 400 too", () => {
    expect(documented).toEqual(expect.arrayContaining([400, 408, 413, 431]));
  });

  it('each answer gets an id of its own', async () => {
    const bad = Buffer.from('GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
    const [first, second] = await Promise.all([sendRaw(bad), sendRaw(bad)]);
    expect(parsed(first ?? '').requestId).not.toBe(parsed(second ?? '').requestId);
  });

  it('keeps working for well-formed requests on new connections', async () => {
    const response = await fetch(`${server.url}/openapi/v1/scopes/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errcode: 401, data: { reason: 'unauthorized' } });
  });

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'invalid_request'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'payload_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'invalid_request'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'invalid_request'],
  ])('%s keeps the status Node gives it (%i), with the envelope', (code, status, reason) => {
    const answer = parsed(malformedRequestAnswer(code));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ errcode: status, data: { reason } });
  });
});
