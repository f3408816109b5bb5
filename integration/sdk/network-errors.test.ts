import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type ClientOptions,
  ConfigurationError,
  createClient,
  NetworkError,
  TimeoutError,
  type WsadminClient,
} from '@wsadmin/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The SDK's errors against real sockets, one row per way a request goes nowhere: each names the
 * operation, method, URL (never a user name, password or the key), the runtime's code, and the
 * attempts made or the timeout and the attempt it ran out on (issue 36, item 3).
 */

const KEY = 'wsk_network_errors_secret';
const servers: Server[] = [];
let folder: string;

/** Starts `server` on a free port of 127.0.0.1; its base URL. */
const listen = async (server: Server, scheme: 'http' | 'https' = 'http'): Promise<string> => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A port nothing listens on: one just given up by a server of ours. */
async function closedPort(): Promise<number> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A certificate for 127.0.0.1 signed by itself, made for this run with openssl. */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
  ]);
  return { key: await readFile(key), cert: await readFile(cert) };
}

let refusedUrl: string;
let selfSignedUrl: string;
let silentUrl: string;
let stalledBodyUrl: string;
let brokenBodyUrl: string;
let hangUpUrl: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'wsadmin-network-errors-'));
  refusedUrl = `http://127.0.0.1:${await closedPort()}`;
  selfSignedUrl = await listen(
    createHttpsServer(await selfSignedCertificate(), (_, response) => response.end('{}')),
    'https',
  );
  // Reads the request and never answers.
  silentUrl = await listen(createHttpServer(() => {}));
  stalledBodyUrl = await listen(
    createHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"errcode":');
    }),
  );
  brokenBodyUrl = await listen(
    createHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"errcode":', () => response.socket?.destroy());
    }),
  );
  hangUpUrl = await listen(createHttpServer((request) => request.socket.destroy()));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await rm(folder, { recursive: true, force: true });
});

const client = (baseUrl: string, options: Partial<ClientOptions> = {}): WsadminClient =>
  createClient({ baseUrl, key: KEY, retries: { limit: 2, baseDelayMs: 5 }, ...options });

interface Expected {
  type: typeof NetworkError | typeof TimeoutError | typeof ConfigurationError;
  /** The whole message; `elapsedMs` is the error's own figure (how long is not asserted). */
  message: (elapsedMs: number | undefined) => string;
  fields: Record<string, unknown>;
}

const rows: [string, () => Promise<unknown>, () => Expected][] = [
  [
    'a refused connection on 127.0.0.1, retried twice',
    () => client(refusedUrl).workspaces.list({ q: 'sales' }),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `listWorkspaces: GET ${refusedUrl}/openapi/v1/workspaces/?q=sales failed: connect ECONNREFUSED ${refusedUrl.slice('http://'.length)} (3 attempts over ${ms} ms)`,
      fields: {
        operationId: 'listWorkspaces',
        method: 'GET',
        url: `${refusedUrl}/openapi/v1/workspaces/?q=sales`,
        code: 'ECONNREFUSED',
        attempts: 3,
      },
    }),
  ],
  [
    'a host that does not resolve (RFC 6761 .invalid)',
    () => client('http://wsadmin.invalid', { retries: 0 }).scopes.get(),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `getScope: GET http://wsadmin.invalid/openapi/v1/scopes/ failed: getaddrinfo ENOTFOUND wsadmin.invalid (1 attempt over ${ms} ms)`,
      fields: { code: 'ENOTFOUND', url: 'http://wsadmin.invalid/openapi/v1/scopes/', attempts: 1 },
    }),
  ],
  [
    'a self-signed certificate',
    () => client(selfSignedUrl, { retries: 1 }).workspaces.get(7),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `getWorkspace: GET ${selfSignedUrl}/openapi/v1/workspaces/7/ failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT; 2 attempts over ${ms} ms)`,
      fields: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT', attempts: 2 },
    }),
  ],
  [
    'a port fetch will not connect to (1, on the Fetch standard’s list of bad ports)',
    () => client('http://127.0.0.1:1', { retries: 0 }).scopes.get(),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `getScope: GET http://127.0.0.1:1/openapi/v1/scopes/ failed: bad port (1 attempt over ${ms} ms)`,
      fields: { code: undefined, attempts: 1 },
    }),
  ],
  [
    'a server that hangs up before answering, a write not retried',
    () => client(hangUpUrl).workspaces.create({ name: 'Sales' }),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `createWorkspace: POST ${hangUpUrl}/openapi/v1/workspaces/ failed: other side closed (UND_ERR_SOCKET; 1 attempt over ${ms} ms)`,
      fields: { method: 'POST', code: 'UND_ERR_SOCKET', attempts: 1 },
    }),
  ],
  [
    'a body that breaks off',
    () => client(brokenBodyUrl, { retries: 0 }).scopes.get(),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `getScope: GET ${brokenBodyUrl}/openapi/v1/scopes/ failed while reading the body: other side closed (UND_ERR_SOCKET; 1 attempt over ${ms} ms)`,
      fields: { code: 'UND_ERR_SOCKET', attempts: 1 },
    }),
  ],
  [
    'a server that never answers',
    () => client(silentUrl, { timeoutMs: 100, retries: { limit: 1, baseDelayMs: 5 } }).workspaces.get(7),
    () => ({
      type: TimeoutError,
      message: () =>
        `getWorkspace: GET ${silentUrl}/openapi/v1/workspaces/7/ timed out after 100 ms on attempt 2 of 2`,
      fields: { method: 'GET', url: `${silentUrl}/openapi/v1/workspaces/7/`, timeoutMs: 100, attempts: 2 },
    }),
  ],
  [
    'a body that stops coming',
    () => client(stalledBodyUrl, { timeoutMs: 100, retries: 0 }).scopes.get(),
    () => ({
      type: TimeoutError,
      message: () =>
        `getScope: GET ${stalledBodyUrl}/openapi/v1/scopes/ timed out after 100 ms while reading the body on attempt 1 of 1`,
      fields: { timeoutMs: 100, attempts: 1 },
    }),
  ],
  [
    'a browser-style fetch that says only "Failed to fetch"',
    () =>
      client(refusedUrl, {
        retries: 0,
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }).scopes.get(),
    () => ({
      type: NetworkError,
      message: (ms) =>
        `getScope: GET ${refusedUrl}/openapi/v1/scopes/ failed: Failed to fetch (1 attempt over ${ms} ms)`,
      fields: { code: undefined, attempts: 1 },
    }),
  ],
  [
    'a base URL with a user name and password, refused before any request',
    async () => client(`http://operator:s3cret@${refusedUrl.slice('http://'.length)}`).scopes.get(),
    () => ({
      type: ConfigurationError,
      message: () =>
        `createClient: baseUrl must not contain a user name or password: ${refusedUrl}/ (the access key goes in \`key\`)`,
      fields: {},
    }),
  ],
];

describe('network errors say where', () => {
  it.each(rows)('%s', async (_, call, expect_) => {
    const expected = expect_();
    const error = await call().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(expected.type);
    const elapsedMs = (error as { elapsedMs?: number }).elapsedMs;
    if (expected.type !== ConfigurationError) {
      expect(Number.isInteger(elapsedMs)).toBe(true);
      expect(elapsedMs).toBeGreaterThanOrEqual(0);
    }
    expect((error as Error).message).toBe(expected.message(elapsedMs));
    expect(error).toMatchObject(expected.fields);
    const shown = `${(error as Error).message} ${JSON.stringify(error)}`;
    for (const secret of [KEY, 'operator', 's3cret', 'Bearer']) expect(shown).not.toContain(secret);
  });
});
