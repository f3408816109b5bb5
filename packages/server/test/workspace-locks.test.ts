import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { collect, spawnTsx, stop, waitFor } from '@wsadmin/server-testing/processes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAUSE_HOOK_KEY } from '../src/pause-hook';

/**
 * Writes serialize per workspace (decision 0005), across processes: two `npm start` processes on one
 * PostgreSQL database with the pause hook on (WSADMIN_TEST_HOOKS=1). The test holds the hook's
 * advisory key of workspace A, so a commit in A stops inside its transaction with A's lock taken.
 */

const adminUrl = inject('postgresAdminUrl');
const secret = 'wsk_workspace-locks-test-key';

interface Server {
  url: string;
  child: ChildProcessWithoutNullStreams;
}

async function start(databaseUrl: string): Promise<Server> {
  const child = spawnTsx('packages/server/src/bin/start.ts', [], {
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    WSADMIN_BOOTSTRAP_KEY: secret,
    WSADMIN_TEST_HOOKS: '1',
    LOG_LEVEL: 'info',
  });
  const output = collect(child);
  const { stdout } = await waitFor(output, (o) => /server on http:\/\/\S+/.test(o.stdout), 45_000);
  const url = /server on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
  return { url, child };
}

async function call(server: Server, method: string, path: string, body?: unknown, key?: string) {
  const response = await fetch(`${server.url}/openapi/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { errcode: number; errmsg: string; data: Record<string, unknown> };
}

/** Preview (no lock) then commit (a write transaction) of a new dimension. */
async function previewed(server: Server, ws: number, keyword: string) {
  const changes = { type: 'string', format: '', names: [keyword] };
  const base = `/workspaces/${ws}/management/dimensions/`;
  const preview = await call(server, 'POST', `${base}preview/`, { action: 'create', changes });
  expect(preview.errcode, preview.errmsg).toBe(200);
  return () =>
    call(server, 'POST', base, { changes, planToken: preview.data.planToken }, `commit-${keyword}`);
}

/** Settles with `timeout` when `promise` has not settled within `ms`: a blocked request fails the test clearly. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), ms))]);

describe('per-workspace write locks over two processes', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  let one: Server;
  let two: Server;
  let session: pg.Client;

  /** Backends of the servers waiting on a lock of the given kind (advisory: the hook; transactionid/tuple: a row lock). */
  const waiting = async (events: string[]) =>
    (
      await session.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name = 'wsadmin'
           and wait_event_type = 'Lock' and wait_event = any($1)`,
        [events],
      )
    ).rows[0]?.n ?? 0;
  const poll = async (events: string[]) => {
    let seen = 0;
    const deadline = Date.now() + 15_000;
    while (seen === 0 && Date.now() < deadline) {
      seen = await waiting(events);
      if (seen === 0) await new Promise((wake) => setTimeout(wake, 25));
    }
    return seen;
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'workspace_locks');
    one = await start(databaseUrl);
    two = await start(databaseUrl);
    session = new pg.Client({ connectionString: databaseUrl });
    await session.connect();
  }, 120_000);

  afterAll(async () => {
    await session?.end();
    await Promise.all([one, two].map((server) => server && stop(server.child)));
    if (databaseUrl) await dropTestDatabase(admin, databaseUrl);
  });

  it('commits in workspace B while a write in A is held open; a second write in A waits for it', async () => {
    const workspace = async (name: string) =>
      (await call(one, 'POST', '/workspaces/', { name: `locks ${name}` })).data.id as number;
    const a = await workspace('A');
    const b = await workspace('B');
    const commitHeld = await previewed(one, a, 'held-in-a');
    const commitSecondA = await previewed(two, a, 'second-in-a');
    const commitB = await previewed(two, b, 'free-in-b');
    const commitBOnOne = await previewed(one, b, 'free-in-b-too');

    await session.query('select pg_advisory_lock(hashtext($1), $2::int)', [PAUSE_HOOK_KEY, a]);
    let heldSettled = false;
    const held = commitHeld().finally(() => {
      heldSettled = true;
    });
    // The commit in A is inside its transaction, A's lock taken, waiting on the hook.
    expect(await poll(['advisory'])).toBe(1);

    // Workspace B commits on both processes (the held one included) and A still reads.
    const [inB, inBOnOne, readA] = await Promise.all([
      within(commitB(), 10_000),
      within(commitBOnOne(), 10_000),
      within(call(two, 'GET', `/workspaces/${a}/management/dimensions/`), 10_000),
    ]);
    expect(inB).toMatchObject({ errcode: 200 });
    expect(inBOnOne).toMatchObject({ errcode: 200 });
    expect(readA).toMatchObject({ errcode: 200, data: [] });
    expect(heldSettled).toBe(false);

    // A second write in A, on the other process, waits on A's row lock.
    let secondSettled = false;
    const second = commitSecondA().finally(() => {
      secondSettled = true;
    });
    expect(await poll(['transactionid', 'tuple'])).toBe(1);
    expect(secondSettled).toBe(false);
    expect(heldSettled).toBe(false);

    await session.query('select pg_advisory_unlock(hashtext($1), $2::int)', [PAUSE_HOOK_KEY, a]);
    const [first, then] = await Promise.all([held, second]);
    expect(first).toMatchObject({ errcode: 200 });
    expect(then).toMatchObject({ errcode: 200 });
    // The waiting write ran after the held one: its object came second.
    expect(Number(then.data.id)).toBeGreaterThan(Number(first.data.id));
    expect(await waiting(['advisory', 'transactionid', 'tuple'])).toBe(0);
  }, 60_000);
});
