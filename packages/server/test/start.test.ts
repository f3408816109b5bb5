import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import {
  collect,
  exitOf,
  logRecords,
  runBundled,
  spawnBundled,
  startupRecord,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const START = 'packages/server/src/bin/start.ts';
const children: ChildProcessWithoutNullStreams[] = [];
const databases: ReturnType<typeof tempDatabase>[] = [];

afterAll(async () => {
  for (const child of children) await stop(child);
  for (const database of databases) database.remove();
});

/** `npm start` as a child process, until it has printed where it listens. */
async function npmStart(env: Record<string, string>) {
  const database = tempDatabase('wsadmin-start-');
  databases.push(database);
  const child = await spawnBundled(START, [], { PORT: '0', DATABASE_URL: database.url, ...env });
  children.push(child);
  const output = collect(child);
  const exited = exitOf(child);
  const { stdout } = await waitFor(
    output,
    (seen) => startupRecord(seen.stdout) !== undefined || child.exitCode !== null,
    50_000,
  );
  const banner = startupRecord(stdout);
  if (!banner) throw new Error(`npm start printed no URL:\n${stdout}\n${output().stderr}`);
  return { child, output, exited, url: banner.url, banner, stdout, file: database.file };
}

interface RequestLine {
  msg: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  keyId?: string;
}
/** The request lines of the log (every line of which is JSON, the start-up record among them). */
const requestLines = (stdout: string): RequestLine[] =>
  logRecords(stdout).filter((line) => line.msg === 'request') as unknown as RequestLine[];

describe('npm start', () => {
  it('prints the real URL for PORT=0, serves, logs one line per request, and exits 0 on SIGTERM', async () => {
    const secret = 'wsk_start-test-secret';
    const started = await npmStart({ WSADMIN_BOOTSTRAP_KEY: secret });
    const { url } = started;

    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    expect(started.banner).toEqual({
      level: 30,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pid: started.child.pid,
      url,
      database: started.file,
      runtime: `Node ${process.versions.node}`,
      api: `${url}/openapi/v1/`,
      docs: `${url}/docs`,
      document: `${url}/openapi.json`,
      msg: `wsadmin reference server on ${url} (database: ${started.file})`,
    });
    // A chosen key is never echoed, and no other key is made.
    expect(started.stdout).not.toContain(secret);

    const scope = await fetch(`${url}/openapi/v1/scopes/`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(scope.status).toBe(200);
    expect(await scope.json()).toMatchObject({ errcode: 200, data: { name: 'bootstrap' } });
    const created = await fetch(`${url}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"name":"from the start test"}',
    });
    expect(created.status).toBe(200);
    const unauthenticated = await fetch(`${url}/openapi/v1/workspaces/`);
    expect(unauthenticated.status).toBe(401);
    await unauthenticated.body?.cancel();
    expect((await fetch(`${url}/openapi/v1/workspaces`)).status).toBe(404);
    expect((await fetch(`${url}/docs`)).status).toBe(200);
    // The printed URL itself leads somewhere: relative links, and a curl hint naming this very server.
    const home = (await (await fetch(`${url}/`)).json()) as { docs: string; api: string; hint: string };
    expect(home).toMatchObject({ docs: '/docs', api: '/openapi/v1/' });
    expect(home.hint).toContain(`${url}/openapi/v1/scopes/`);
    // Test-clock route is off unless WSADMIN_TEST_CLOCK=1.
    expect(
      (await fetch(`${url}/__test__/clock/`, { method: 'POST', body: '{"advanceSeconds":1}' })).status,
    ).toBe(404);

    const expected = [
      ['GET', '/openapi/v1/scopes/', 200],
      ['POST', '/openapi/v1/workspaces/', 200],
      ['GET', '/openapi/v1/workspaces/', 401],
      ['GET', 'unmatched', 404],
      ['GET', '/docs', 200],
      ['GET', '/', 200],
      ['POST', 'unmatched', 404],
    ];
    const lines = await waitFor(
      () => requestLines(started.output().stdout),
      (seen) => seen.length >= expected.length,
    );
    expect(lines.map((line) => [line.method, line.route, line.status])).toEqual(expected);
    // Each line carries the answer's request id and, once authenticated, the key's id (not its secret).
    expect(lines[0]?.requestId).toBe(scope.headers.get('x-request-id'));
    expect(lines[0]?.keyId).toMatch(/^key_/);
    expect(lines.every((line) => line.durationMs >= 0)).toBe(true);
    // Neither the key nor request bodies reach the log.
    expect(started.output().stdout).not.toContain(secret);
    expect(started.output().stdout).not.toContain('from the start test');

    process.kill(started.child.pid ?? 0, 'SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    const records = logRecords(started.output().stdout);
    expect(records.find((record) => record.msg === 'shutting down: draining')).toMatchObject({
      level: 30,
      signal: 'SIGTERM',
      drainSeconds: 10,
    });
    expect(records.at(-1)).toMatchObject({ level: 30, msg: 'drained: every request answered', cut: 0 });
    expect(started.output().stderr).toBe('');
  });

  it('on an empty database without WSADMIN_BOOTSTRAP_KEY prints the new key once; LOG_LEVEL=silent logs no requests', async () => {
    const started = await npmStart({ LOG_LEVEL: 'silent', WSADMIN_TEST_CLOCK: '1' });
    // The start-up record is written whatever LOG_LEVEL says: it is the only time the key is shown.
    const key = started.banner.createdKeySecret;
    expect(key).toMatch(/^wsk_/);
    expect(started.banner.testClock).toBe('POST /__test__/clock/ {"advanceSeconds": N}');

    const scope = await fetch(`${started.url}/openapi/v1/scopes/`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(scope.status).toBe(200);
    const clock = await fetch(`${started.url}/__test__/clock/`, {
      method: 'POST',
      body: '{"advanceSeconds": 60}',
    });
    expect(clock.status).toBe(200);
    expect(await clock.json()).toMatchObject({ errcode: 200, data: { now: expect.any(String) } });

    process.kill(started.child.pid ?? 0, 'SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(requestLines(started.output().stdout)).toEqual([]);
    expect(started.output().stdout.match(/wsk_[^"\s]+/g)).toEqual([key]);
  });

  it('on a port in use exits 1 with one plain line and creates no key, so the next start prints one', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const port = (taken.address() as AddressInfo).port;
    const database = tempDatabase('wsadmin-start-busy-');
    databases.push(database);
    try {
      const run = await runBundled(START, [], { PORT: String(port), DATABASE_URL: database.url });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        `wsadmin: port ${port} is in use: stop the other server on 127.0.0.1:${port} or choose another PORT`,
      ]);
      expect(run.stdout).not.toContain('wsk_');
      const db = new BetterSqlite3(database.file, { readonly: true });
      try {
        expect(db.prepare('select count(*) as n from access_keys').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    } finally {
      taken.close();
    }
    const child = await spawnBundled(START, [], { PORT: '0', DATABASE_URL: database.url });
    children.push(child);
    const output = collect(child);
    const { stdout } = await waitFor(
      output,
      (seen) => startupRecord(seen.stdout) !== undefined || child.exitCode !== null,
    );
    expect(startupRecord(stdout)?.createdKeySecret).toMatch(/^wsk_/);
  }, 90_000);
});
