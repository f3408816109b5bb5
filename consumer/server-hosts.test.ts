/**
 * One host for every runtime (docs/decisions/0028-one-host-for-every-runtime.md): the Node server
 * (`npx wsadmin-server` from the packed `@wsadmin/server`) and the Bun and Deno servers (the packed
 * `@wsadmin/server-core`) answer `--help`, the index at `/`, a request's log line, a busy port and
 * a refused setting the same way: one table of checks, run against each runtime's server.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSecret } from '@wsadmin/server-core';
import { serverUsage } from '@wsadmin/server-core/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPrebuilds, REPO_ROOT } from './harness';
import { installServersProject, SERVER_HOSTS, type StartedServer } from './runtime-servers';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-server-hosts-'));
const project = join(root, 'hosts');

let installed: Promise<void> | undefined;
/** One project for the three servers: `@wsadmin/server` brings `@wsadmin/server-core` along. */
function install(): Promise<void> {
  installed ??= (async () =>
    installServersProject(project, ['@wsadmin/server'], {
      allowScripts: { 'better-sqlite3': true },
      env: await localPrebuilds(join(root, 'prebuilds')),
    }))();
  return installed;
}

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

/** A port something else listens on, as another server would hold it. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { port: address.port, server };
}

/** The JSON lines a server wrote (the banner above them is plain text). */
const jsonLines = (output: string): Record<string, unknown>[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages/server-core/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const REFUSED: [string, Record<string, string>, string][] = [
  ['a port that is no number', { PORT: 'abc' }, 'PORT must be 0-65535, got "abc"'],
  [
    'a log level',
    { LOG_LEVEL: 'loud' },
    'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"',
  ],
  [
    'a CORS origin with a path',
    { WSADMIN_CORS_ORIGINS: 'http://localhost:5173/' },
    'WSADMIN_CORS_ORIGINS: "http://localhost:5173/" is not an origin; write scheme://host[:port] without a path, e.g. http://localhost:5173',
  ],
];

// Each row is a runtime; each `it` the same check against its server.
describe.each(Object.entries(SERVER_HOSTS))('the %s server answers as every runtime does', (id, host) => {
  const exec = (env: Record<string, string>, ...args: string[]) =>
    host.exec?.(project, env, args) ?? Promise.reject(new Error(`${host.name} has no command line`));
  const databaseUrl = (name: string) => `sqlite:${join(project, 'data', `${id}-${name}.db`)}`;
  const calls = host.calls ?? host.command;
  const key = `wsk_${randomSecret(24)}`;
  let server: StartedServer | undefined;

  beforeAll(async () => {
    await install();
    server = await host.start(project, {
      DATABASE_URL: databaseUrl('serving'),
      WSADMIN_BOOTSTRAP_KEY: key,
      LOG_LEVEL: 'info',
    });
  }, 600_000);
  afterAll(() => server?.stop(), 60_000);

  it('--help prints the one usage, under the name it was called by, pointing only to what is installed', async () => {
    const help = await exec({ PORT: 'nonsense' }, '--help');
    expect(help).toEqual({ code: 0, stdout: `${serverUsage(calls)}\n`, stderr: '' });
    // The name called by appears where the usage names the command (and as a default that happens
    // to be the same word, OTEL_SERVICE_NAME's wsadmin-server): nowhere else does the usage vary.
    const named = (text: string) => text.replaceAll(calls, '<command>');
    expect(named(help.stdout)).toBe(named(`${serverUsage('<command>')}\n`));
    // Its README is in the tarball; a page of the repository only as a URL.
    expect(help.stdout).toContain('README.md of the installed package (@wsadmin/server on Node');
    expect(existsSync(join(project, 'node_modules', host.package, 'README.md'))).toBe(true);
    expect(help.stdout.replace(/https:\/\/\S+/g, '')).not.toMatch(/\bdocs\/\w+\.md/);
  });

  it('--version prints the version of the packages (released in lockstep)', async () => {
    expect(await exec({}, '--version')).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('an unknown argument gets the problem and the usage on stderr, exit code 2', async () => {
    expect(await exec({}, '--port', '9000')).toEqual({
      code: 2,
      stdout: '',
      stderr: `${calls}: unknown option "--port": settings are environment variables (listed below), e.g. PORT=9000\n\n${serverUsage(calls)}\n`,
    });
  });

  it('answers the index at /: the same links (the docs page where it is served), each answering 200', async () => {
    const url = server?.url ?? '';
    const index = (await (await fetch(`${url}/`)).json()) as Record<string, string>;
    // The docs page is listed exactly where it is served: the Node server ships its script.
    const servesDocs = host.package === '@wsadmin/server';
    expect(index).toEqual({
      name: 'wsadmin reference server',
      ...(servesDocs ? { docs: '/docs' } : {}),
      openapi: '/openapi.json',
      api: '/openapi/v1/',
      hint: `API requests need "Authorization: Bearer <key>"; try: curl -H "Authorization: Bearer $WSADMIN_KEY" ${url}/openapi/v1/scopes/`,
    });
    for (const [path, status] of [
      ['/openapi.json', 200],
      ['/docs', servesDocs ? 200 : 404],
    ] as const) {
      const answer = await fetch(`${url}${path}`);
      await answer.body?.cancel();
      expect(answer.status, path).toBe(status);
    }
    const page = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('<a href="/openapi.json">');
    expect(page).toContain(`${url}/openapi/v1/scopes/`);
  });

  it('logs a request as one JSON line of the same fields: level, msg, a rounded durationMs', async () => {
    const answer = await fetch(`${server?.url}/openapi/v1/scopes/`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    let line: Record<string, unknown> | undefined;
    for (let waited = 0; !line && waited < 5_000; waited += 50) {
      line = jsonLines(server?.output() ?? '').find((each) => each.requestId === requestId);
      if (!line) await new Promise((wait) => setTimeout(wait, 50));
    }
    expect(Object.keys(line ?? {})).toEqual([
      'level',
      'time',
      'pid',
      'requestId',
      'method',
      'route',
      'operationId',
      'status',
      'durationMs',
      'keyId',
      'msg',
    ]);
    expect(line).toEqual({
      level: 30,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: expect.any(Number),
      requestId,
      method: 'GET',
      route: '/openapi/v1/scopes/',
      operationId: 'getScope',
      status: 200,
      durationMs: expect.any(Number),
      keyId: expect.stringMatching(/^key_/),
      msg: 'request',
    });
    expect(String(line?.durationMs)).toMatch(/^\d+(\.\d)?$/);
    expect(server?.output()).not.toContain(key);
  });

  it('on a busy port exits 1 with the one line every runtime gives', async () => {
    const { port, server: holder } = await takenPort();
    try {
      expect(await exec({ PORT: String(port), DATABASE_URL: databaseUrl('busy') })).toEqual({
        code: 1,
        stdout: '',
        stderr: `wsadmin: port ${port} is in use: stop the other server on 127.0.0.1:${port} or choose another PORT\n`,
      });
    } finally {
      holder.close();
    }
  });

  it.each(REFUSED)(
    'refuses %s with the one message every runtime gives, exit code 1',
    async (_name, env, message) => {
      expect(await exec({ DATABASE_URL: databaseUrl('refused'), ...env })).toEqual({
        code: 1,
        stdout: '',
        stderr: `wsadmin: ${message}\n`,
      });
    },
  );
});
