import { type AddressInfo, createServer } from 'node:net';
import { alive, type ClusterProcess, send, startCluster } from '@wsadmin/server-testing/cluster-process';
import { createTestDatabase, dropTestDatabase, withAdmin } from '@wsadmin/server-testing/postgres';
import {
  logRecords,
  runBundled,
  startupRecord,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * `npm start` with WSADMIN_WORKERS=2, as a real process tree: one primary, two workers sharing the
 * port. Which worker answered is read from the `pid` of each request's log line.
 */

const adminUrl = inject('postgresAdminUrl');

interface Target {
  open(): Promise<{ url: string; keyCount(): Promise<number>; remove(): Promise<void> }>;
}

const targets: Array<[string, Target]> = [
  [
    'a SQLite file',
    {
      async open() {
        const database = tempDatabase('wsadmin-workers-');
        return {
          url: database.url,
          async keyCount() {
            const db = new BetterSqlite3(database.file, { readonly: true });
            try {
              return (db.prepare('select count(*) as n from access_keys').get() as { n: number }).n;
            } finally {
              db.close();
            }
          },
          remove: async () => database.remove(),
        };
      },
    },
  ],
  [
    'PostgreSQL',
    {
      async open() {
        const admin = adminUrl;
        const url = await createTestDatabase(admin, 'workers');
        return {
          url,
          keyCount: () =>
            withAdmin(url, async (client) => {
              const { rows } = await client.query('select count(*)::int as n from access_keys');
              return (rows[0] as { n: number }).n;
            }),
          remove: () => dropTestDatabase(admin, url),
        };
      },
    },
  ],
];

for (const [name, target] of targets) {
  describe(`WSADMIN_WORKERS=2 on ${name}`, () => {
    let database: Awaited<ReturnType<Target['open']>>;
    let cluster: ClusterProcess;
    let key = '';
    const get = (path: string) => send(cluster.url, 'GET', `/openapi/v1${path}`, { key });

    beforeAll(async () => {
      database = await target.open();
      cluster = await startCluster({ DATABASE_URL: database.url, WSADMIN_WORKERS: '2' });
      key = startupRecord(cluster.output().stdout)?.createdKeySecret ?? '';
    }, 90_000);

    afterAll(async () => {
      if (cluster) await stop(cluster.child);
      await database?.remove();
    });

    it('prints the banner and the new key once, makes one key, and answers from both workers', async () => {
      const { stdout } = cluster.output();
      expect(key).toMatch(/^wsk_/);
      expect(stdout.match(/wsadmin reference server on/g)).toHaveLength(1);
      expect(stdout.match(/wsk_[^"\s]+/g)).toEqual([key]);
      expect(cluster.workerPids).toHaveLength(2);
      expect(await database.keyCount()).toBe(1);

      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/scopes/')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const pids = await waitFor(
        () => cluster.requestPids(),
        (seen) => answers.every((answer) => seen.has(answer.requestId)),
      );
      const served = new Set(answers.map((answer) => pids.get(answer.requestId)));
      expect([...served].sort()).toEqual([...cluster.workerPids].sort());
    });

    it('sums the requests of every worker in /metrics, whichever worker answers the scrape', async () => {
      for (let scrape = 0; scrape < 2; scrape++) {
        // A new connection each time: the two scrapes reach the two workers in turn.
        const response = await fetch(`${cluster.url}/metrics`, { headers: { connection: 'close' } });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(
          'wsadmin_http_requests_total{operation="getScope",method="GET",status="200"} 20\n',
        );
      }
    });

    it('commits once: 10 concurrent commits with one Idempotency-Key over both workers', async () => {
      const created = await send(cluster.url, 'POST', '/openapi/v1/workspaces/', {
        key,
        body: { name: `workers on ${name}` },
      });
      const ws = (created.body.data as { id: number }).id;
      const base = `/openapi/v1/workspaces/${ws}/management/sops/`;
      const changes = { name: 'once', steps: ['one revision'] };
      const preview = await send(cluster.url, 'POST', `${base}preview/`, {
        key,
        body: { action: 'create', changes },
      });
      const { planToken } = preview.body.data as { planToken: string };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          send(cluster.url, 'POST', base, {
            key,
            body: { changes, planToken },
            headers: { 'idempotency-key': `workers-${name.replace(/\W/g, '-')}` },
          }),
        ),
      );
      const successes = answers.filter((answer) => answer.body.errcode === 200);
      expect(successes.length).toBeGreaterThanOrEqual(1);
      for (const success of successes) expect(success.body.data).toEqual(successes[0]?.body.data);
      for (const other of answers.filter((answer) => answer.body.errcode !== 200)) {
        expect(other.body).toMatchObject({ errcode: 409, data: { reason: 'request_in_progress' } });
      }
      const pids = await waitFor(
        () => cluster.requestPids(),
        (seen) => answers.every((answer) => seen.has(answer.requestId)),
      );
      expect(new Set(answers.map((answer) => pids.get(answer.requestId))).size).toBe(2);
      const list = await get(`/workspaces/${ws}/management/sops/`);
      expect(list.body.data).toHaveLength(1);
      const [sop] = list.body.data as Array<{ revision: string }>;
      expect(sop?.revision).toBe((successes[0]?.body.data as { revision?: string } | undefined)?.revision);
    });

    it('restarts a killed worker and keeps answering meanwhile', async () => {
      const [killed, survivor] = cluster.workerPids as [number, number];
      process.kill(killed, 'SIGKILL');
      const messages = () => logRecords(cluster.output().stdout).map((record) => record.msg);
      await waitFor(messages, (seen) =>
        seen.includes(`worker ${killed} exited unexpectedly (signal SIGKILL); starting another in 250 ms`),
      );
      const meanwhile = await Promise.all(Array.from({ length: 6 }, () => get('/scopes/')));
      expect(meanwhile.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      const records = await waitFor(
        () => logRecords(cluster.output().stdout),
        (seen) => seen.some((record) => record.replaces === killed),
        60_000,
      );
      const replacement = Number(records.find((record) => record.replaces === killed)?.worker);
      expect(alive(replacement)).toBe(true);
      const after = await Promise.all(Array.from({ length: 20 }, () => get('/scopes/')));
      expect(after.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const pids = await waitFor(
        () => cluster.requestPids(),
        (seen) => after.every((answer) => seen.has(answer.requestId)),
      );
      const served = new Set(after.map((answer) => pids.get(answer.requestId)));
      expect([...served].sort()).toEqual([survivor, replacement].sort());
      cluster.workerPids = [survivor, replacement];
    });

    it('stops every worker on SIGTERM and exits 0 within seconds', async () => {
      const started = Date.now();
      process.kill(cluster.child.pid ?? 0, 'SIGTERM');
      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const pid of cluster.workerPids) expect(alive(pid), `worker ${pid}`).toBe(false);
      const records = logRecords(cluster.output().stdout);
      expect(records.filter((record) => record.msg === 'shutting down: draining')).toHaveLength(1);
      // Each worker says how its drain went.
      const drained = records.filter((record) => record.msg === 'drained: every request answered');
      expect(drained.map((record) => record.pid).sort()).toEqual([...cluster.workerPids].sort());
      const shutdown = records.findIndex((record) => record.msg === 'shutting down: draining');
      expect(records.slice(shutdown).filter((record) => record.level >= 50)).toEqual([]);
      expect(cluster.output().stderr).toBe('');
    });
  });
}

describe('WSADMIN_WORKERS at start', () => {
  it('stops the whole start, exit code 1, when the workers cannot listen (port taken), and creates no key', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const port = String((taken.address() as AddressInfo).port);
    const database = tempDatabase('wsadmin-workers-taken-');
    try {
      const run = await runBundled('packages/server/src/bin/start.ts', [], {
        PORT: port,
        DATABASE_URL: database.url,
        WSADMIN_WORKERS: '2',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `wsadmin: worker \\d+: port ${port} is in use: stop the other server on 127\\.0\\.0\\.1:${port}`,
        ),
      );
      // The start-up failure on stderr, plain and without a stack; the primary's record on stdout.
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(logRecords(run.stdout).map((record) => record.msg)).toContainEqual(
        expect.stringMatching(/^worker \d+ exited during start \(code 1\); stopping$/),
      );
      expect(run.stdout).not.toContain('wsadmin reference server on');
      // No key was made, so the next start that can listen creates one and prints it.
      const db = new BetterSqlite3(database.file, { readonly: true });
      try {
        expect(db.prepare('select count(*) as n from access_keys').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    } finally {
      taken.close();
      database.remove();
    }
    // Three processes starting the server: slow on a loaded machine.
  }, 90_000);

  it.each([
    ['zero', { WSADMIN_WORKERS: '0' }, 'WSADMIN_WORKERS must be a whole number >= 1 or "auto", got "0"'],
    [
      'an in-memory database',
      { WSADMIN_WORKERS: '2', DATABASE_URL: 'sqlite::memory:' },
      'WSADMIN_WORKERS=2 needs a database the processes share',
    ],
  ])('refuses %s with a message naming the setting and a non-zero exit', async (_name, env, message) => {
    const run = await runBundled('packages/server/src/bin/start.ts', [], { PORT: '0', ...env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(message);
    expect(run.stdout).not.toContain('wsadmin reference server on');
  });
});
