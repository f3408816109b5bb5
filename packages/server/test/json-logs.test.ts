import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import {
  collect,
  exitOf,
  listeningUrl,
  logRecords,
  spawnTsx,
  stop,
  waitFor,
} from '@wsadmin/server-testing/processes';
import { tcpProxy } from '@wsadmin/server-testing/tcp-proxy';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 43: every line `wsadmin-server` writes on stdout is one JSON object, through start,
 * requests, a database outage (PostgreSQL behind a proxy the test cuts) and SIGTERM; an error is one
 * line (its stack a field); a failing `/readyz` is logged once per change of state, not per probe;
 * nothing goes to stderr.
 */

const adminUrl = inject('postgresAdminUrl');
const SECRET = 'wsk_json-logs-test-key';

describe('the log of a server run, start to SIGTERM, through a database outage', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'json_logs');
  });
  afterAll(() => dropTestDatabase(admin, databaseUrl));

  it('is one JSON object per line on stdout, and nothing on stderr', async () => {
    const target = new URL(databaseUrl);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
    const viaProxy = new URL(databaseUrl);
    viaProxy.port = String(proxy.port);
    const child = spawnTsx('packages/server/src/bin/start.ts', [], {
      PORT: '0',
      DATABASE_URL: viaProxy.toString(),
      WSADMIN_BOOTSTRAP_KEY: SECRET,
    });
    const output = collect(child);
    const exited = exitOf(child);
    try {
      // Compiling the server from its sources on a loaded machine can take a minute.
      const url = await listeningUrl(child, output, 90_000);
      const get = (path: string) =>
        fetch(`${url}${path}`, { headers: { authorization: `Bearer ${SECRET}` } }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });
      const messages = () => logRecords(output().stdout).map((record) => record.msg);

      expect(await get('/openapi/v1/scopes/')).toBe(200);
      expect(await get('/openapi/v1/workspaces/999999/')).toBe(404);
      expect(await get('/readyz')).toBe(200);

      await proxy.cut();
      const probes = [await get('/readyz'), await get('/readyz'), await get('/readyz')];
      expect(probes).toEqual([503, 503, 503]);
      expect(await get('/openapi/v1/workspaces/')).toBe(503);
      // The refresh timer notices the outage too, once.
      await waitFor(messages, (seen) => seen.includes('database unavailable: refresh tasks wait'));

      await proxy.restore();
      // A probe is what notices the recovery: probe as a load balancer would until one is ready.
      const deadline = Date.now() + 20_000;
      while ((await get('/readyz')) !== 200 && Date.now() < deadline)
        await new Promise((wake) => setTimeout(wake, 250));
      expect(await get('/openapi/v1/scopes/')).toBe(200);

      process.kill(child.pid ?? 0, 'SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });

      const { stdout, stderr } = output();
      expect(stderr).toBe('');
      expect(stdout.endsWith('\n')).toBe(true);
      // Throws naming the first line that is not a JSON object.
      const records = logRecords(stdout);
      for (const record of records) {
        expect(record).toMatchObject({
          level: expect.any(Number),
          time: expect.any(String),
          msg: expect.any(String),
        });
      }
      const msgs = records.map((record) => record.msg);
      expect(msgs[0]).toMatch(/^wsadmin reference server on http:\/\/127\.0\.0\.1:\d+ \(database: postgres/);
      expect(msgs.filter((msg) => msg.startsWith('shutting down'))).toEqual(['shutting down: draining']);
      // In this order: the exit waits until the last asynchronous write is done (logWritten);
      // when it did not, pino's synchronous flush at exit wrote `drained` first under load.
      const shutdown = msgs.indexOf('shutting down: draining');
      expect(msgs.slice(shutdown), JSON.stringify(records.slice(-6))).toEqual([
        'shutting down: draining',
        'drained: every request answered',
      ]);
      expect(msgs.filter((msg) => msg.startsWith('drained'))).toHaveLength(1);

      // The outage: once down at error, once back at info, whatever the number of probes.
      const down = records.filter((record) => record.msg === 'not ready: the database is unreachable');
      const up = records.filter((record) => record.msg === 'ready again: the database answers');
      expect(down.map((record) => record.level)).toEqual([50]);
      expect(up.map((record) => record.level)).toEqual([30]);
      // Each probe keeps its request line, at info: a 503 of /readyz is an answer, not a failure.
      const probeLines = records.filter((record) => record.route === '/readyz' && record.status === 503);
      expect(probeLines.length).toBeGreaterThanOrEqual(3);
      expect(probeLines.every((record) => record.level === 30)).toBe(true);

      // Errors keep their stack in one field, its newlines escaped by JSON.
      const withErrors = records.filter((record) => record.err !== undefined);
      expect(withErrors.map((record) => record.msg)).toContain('database unavailable: refresh tasks wait');
      for (const record of withErrors) {
        expect(record.err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
        expect((record.err as { stack?: string }).stack ?? '').toMatch(/\n\s+at /);
      }
      expect(stdout).not.toMatch(/^\s+at /m);
      expect(stdout).not.toContain(SECRET);
    } finally {
      await stop(child);
      await proxy.close();
    }
  }, 180_000);
});
