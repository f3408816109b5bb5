import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, dropTestDatabase, withAdmin } from '@wsadmin/server-testing/postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Two `npm start` processes on one PostgreSQL database, as behind a load balancer: requests
 * alternate and race between them, and every exactly-once rule of the management interface holds.
 */

const adminUrl = inject('postgresAdminUrl');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const secret = 'wsk_two-processes-test-key';

interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** Everything the process printed so far. */
  lines: string[];
  child: ChildProcess;
}

/** Starts `node --conditions=@wsadmin/source --import tsx packages/server/src/bin/start.ts` and waits for the URL it prints. */
function startProcess(name: string, databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@wsadmin/source', '--import', 'tsx', 'packages/server/src/bin/start.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: databaseUrl,
        WSADMIN_BOOTSTRAP_KEY: secret,
        WSADMIN_TEST_CLOCK: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let errors = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${errors}`)), 45_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        const started = /wsadmin reference server on (http:\/\/\S+)/.exec(line);
        if (started?.[1] && child.pid !== undefined) {
          clearTimeout(timer);
          resolve({ name, url: started[1], pid: child.pid, lines, child });
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it started:\n${errors}`));
    });
  });
}

async function stopProcess(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(server.pid, 'SIGTERM');
  await exited;
}

interface Answer {
  status: number;
  errcode: number;
  errmsg: string;
  data?: { reason?: string } & Record<string, unknown>;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}/openapi/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

/** The data of a 200 answer; fails the test with the errmsg otherwise. */
async function ok<T = Record<string, unknown>>(...args: Parameters<typeof call>): Promise<T> {
  const answer = await call(...args);
  expect(answer.errcode, `${args[1]} ${args[2]}: ${answer.errmsg}`).toBe(200);
  return answer.data as T;
}

/** Moves the process's test clock (WSADMIN_TEST_CLOCK=1); each process has its own. */
async function advanceClock(server: ServerProcess, seconds: number) {
  const response = await fetch(`${server.url}/__test__/clock/`, {
    method: 'POST',
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

interface Preview {
  planToken: string;
  afterRevision: string | null;
}
interface Commit {
  operationId: string;
  state: string;
  id: number;
  revision: string | null;
}
interface Operation {
  operationId: string;
  state: string;
  taskUid?: string;
  taskResult?: { status: string; finishedAt: string };
}

const FINAL = ['verified', 'failed', 'unknown', 'saved'];

describe('two server processes on one PostgreSQL database', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  let a: ServerProcess;
  let b: ServerProcess;
  /** A, B, A, B, ... */
  const alternate = (index: number) => (index % 2 === 0 ? a : b);
  let counter = 0;
  const idempotencyKey = () => `two-processes-${Date.now()}-${counter++}`;
  const workspace = async (server: ServerProcess) =>
    (await ok<{ id: number }>(server, 'POST', '/workspaces/', { name: `two processes ${counter++}` })).id;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'two_processes');
    // Both start at once on the empty database: migrations and the bootstrap key happen once.
    [a, b] = await Promise.all([startProcess('A', databaseUrl), startProcess('B', databaseUrl)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    if (databaseUrl) await dropTestDatabase(admin, databaseUrl);
  });

  it('starts both on an empty database: one schema, one bootstrap key', async () => {
    expect(a.url).not.toBe(b.url);
    const { versions, keys } = await withAdmin(databaseUrl, async (client) => ({
      versions: (await client.query('select version from schema_migrations order by version')).rows,
      keys: (await client.query("select count(*)::int as n from access_keys where name = 'bootstrap'")).rows,
    }));
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(keys).toEqual([{ n: 1 }]);
  });

  it('applies one preview once: 10 commits with different Idempotency-Keys over A and B give one 200', async () => {
    const ws = await workspace(a);
    const changes = { title: 'raced', content: 'one of ten' };
    const preview = await ok<Preview>(a, 'POST', `/workspaces/${ws}/management/corpus/preview/`, {
      action: 'create',
      changes,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(
          alternate(index),
          'POST',
          `/workspaces/${ws}/management/corpus/`,
          { changes, planToken: preview.planToken },
          { 'Idempotency-Key': idempotencyKey() },
        ),
      ),
    );
    const winners = answers.filter((answer) => answer.errcode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((answer) => answer.errcode !== 200)) {
      expect(loser).toMatchObject({ status: 409, errcode: 409 });
    }
    for (const server of [a, b]) {
      expect(await ok<unknown[]>(server, 'GET', `/workspaces/${ws}/management/corpus/`)).toHaveLength(1);
    }
    // The operation record is one row, the same on both processes.
    const operationId = (winners[0]?.data as unknown as Commit | undefined)?.operationId;
    const path = `/workspaces/${ws}/management/operations/${operationId}/`;
    const [onA, onB] = await Promise.all([ok(a, 'GET', path), ok(b, 'GET', path)]);
    expect(onA).toEqual(onB);
    expect(onA).toMatchObject({ operationId, state: 'saved', action: 'create' });
  });

  it('gives 10 identical commits with one Idempotency-Key over A and B one effect and one answer', async () => {
    const ws = await workspace(b);
    const changes = { name: 'same request', steps: ['once'] };
    const preview = await ok<Preview>(b, 'POST', `/workspaces/${ws}/management/sops/preview/`, {
      action: 'create',
      changes,
    });
    const key = idempotencyKey();
    const send = (server: ServerProcess) =>
      call(
        server,
        'POST',
        `/workspaces/${ws}/management/sops/`,
        { changes, planToken: preview.planToken },
        { 'Idempotency-Key': key },
      );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(alternate(index))));
    // Each waits for the one running (the workspace's lock), then replays its answer: all 200
    // (decision 0033; before, the others heard 409 request_in_progress).
    const successes = answers.filter((answer) => answer.errcode === 200);
    expect(successes).toHaveLength(10);
    for (const success of successes) expect(success.data).toEqual(successes[0]?.data);
    // Afterwards both replay the stored answer.
    for (const server of [a, b]) expect((await send(server)).data).toEqual(successes[0]?.data);
    expect(await ok<unknown[]>(a, 'GET', `/workspaces/${ws}/management/sops/`)).toHaveLength(1);
    const { rows } = await withAdmin(databaseUrl, (client) =>
      client.query('select count(*)::int as n from operations where workspace_id = $1', [ws]),
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('refuses a commit on A after the object moved through B (409 revision_conflict on both)', async () => {
    const ws = await workspace(a);
    const base = `/workspaces/${ws}/management/sops/`;
    const created = await ok<Preview>(a, 'POST', `${base}preview/`, {
      action: 'create',
      changes: { name: 'moving', steps: ['v1'] },
    });
    const commit = await ok<Commit>(
      a,
      'POST',
      base,
      { changes: { name: 'moving', steps: ['v1'] }, planToken: created.planToken },
      { 'Idempotency-Key': idempotencyKey() },
    );
    const stale = await ok<Preview>(a, 'POST', `${base}preview/`, {
      action: 'update',
      targetId: commit.id,
      revision: commit.revision,
      changes: { steps: ['from A'] },
    });

    const moving = await ok<Preview>(b, 'POST', `${base}preview/`, {
      action: 'update',
      targetId: commit.id,
      revision: commit.revision,
      changes: { steps: ['from B'] },
    });
    const moved = await ok<Commit>(
      b,
      'PATCH',
      `${base}${commit.id}/`,
      { changes: { steps: ['from B'] }, planToken: moving.planToken },
      { 'Idempotency-Key': idempotencyKey() },
    );

    for (const server of [a, b]) {
      const refused = await call(
        server,
        'PATCH',
        `${base}${commit.id}/`,
        { changes: { steps: ['from A'] }, planToken: stale.planToken },
        { 'Idempotency-Key': idempotencyKey() },
      );
      expect(refused).toMatchObject({ status: 409, data: { reason: 'revision_conflict' } });
    }
    for (const server of [a, b]) {
      expect(await ok(server, 'GET', `${base}${commit.id}/`)).toMatchObject({
        revision: moved.revision,
        definition: { steps: ['from B'] },
      });
    }
  });

  it('runs every refresh task once, on one process, and settles every operation once', async () => {
    const workspaces = await Promise.all([0, 1, 2, 3].map((index) => workspace(alternate(index))));
    await Promise.all(
      workspaces.map((ws, index) =>
        ok(alternate(index), 'PUT', `/workspaces/${ws}/sources/`, {
          tables: [{ name: 'fact_orders', fields: ['amount', 'region'] }],
        }),
      ),
    );
    // Per workspace: three bindings the catalogue has (verified), one it lacks (failed). Each is
    // previewed on one process and committed on the other; all workspaces at once.
    const bindings = [
      { table: 'fact_orders', fields: ['amount'], expected: 'verified' },
      { table: 'fact_orders', fields: ['region'], expected: 'verified' },
      { table: 'missing_table', fields: [], expected: 'failed' },
      { table: 'fact_orders', fields: ['amount', 'region'], expected: 'verified' },
    ];
    const committed = (
      await Promise.all(
        workspaces.map(async (ws, w) => {
          const out: Array<{ ws: number; operationId: string; expected: string }> = [];
          for (const [index, binding] of bindings.entries()) {
            const changes = { name: `set ${index}`, table: binding.table, fields: binding.fields };
            const base = `/workspaces/${ws}/management/datasets/`;
            const preview = await ok<Preview>(alternate(w + index), 'POST', `${base}preview/`, {
              action: 'create',
              changes,
            });
            const commit = await ok<Commit>(
              alternate(w + index + 1),
              'POST',
              base,
              { changes, planToken: preview.planToken },
              { 'Idempotency-Key': idempotencyKey() },
            );
            expect(commit.state).toBe('pending');
            out.push({ ws, operationId: commit.operationId, expected: binding.expected });
          }
          return out;
        }),
      )
    ).flat();

    // Past the debounce window on both clocks; then both processes' timers and reads race to run.
    await Promise.all([a, b].map((server) => advanceClock(server, 5)));
    const read = (server: ServerProcess, op: (typeof committed)[number]) =>
      ok<Operation>(server, 'GET', `/workspaces/${op.ws}/management/operations/${op.operationId}/`);
    await Promise.all(committed.flatMap((op) => [read(a, op), read(b, op)]));

    const deadline = Date.now() + 15_000;
    let states: Operation[][] = [];
    while (Date.now() < deadline) {
      states = await Promise.all(committed.map((op) => Promise.all([read(a, op), read(b, op)])));
      if (states.every((pair) => pair.every((operation) => FINAL.includes(operation.state)))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const [index, [onA, onB]] of states.entries()) {
      expect(onA).toEqual(onB);
      expect(onA?.state).toBe(committed[index]?.expected);
    }

    const tasks = await withAdmin(databaseUrl, async (client) => {
      const { rows } = await client.query<{
        uid: string;
        workspace_id: number;
        state: string;
        claimed_by: string | null;
        operations: number;
      }>(
        `select t.uid, t.workspace_id::int, t.state, t.claimed_by,
           (select count(*)::int from task_operations o where o.task_uid = t.uid) as operations
         from refresh_tasks t where t.workspace_id = any($1::int[])`,
        [workspaces],
      );
      return rows;
    });
    const runners = new Map([
      [a.pid, 'A'],
      [b.pid, 'B'],
    ]);
    // What each process says it ran, from its log.
    const ran = [...a.lines.map((line) => ['A', line]), ...b.lines.map((line) => ['B', line])].flatMap(
      ([name, line]) => {
        const match = /refresh task (\S+) of workspace \d+ ran: (\d+) operation\(s\), runner \S+:(\d+)/.exec(
          line ?? '',
        );
        return match ? [{ name, uid: match[1], operations: Number(match[2]), pid: Number(match[3]) }] : [];
      },
    );
    expect(tasks.reduce((sum, task) => sum + task.operations, 0)).toBe(committed.length);
    for (const task of tasks) {
      expect(task.state).toBe('done');
      const runs = ran.filter((run) => run.uid === task.uid);
      // Exactly one process ran it, once, and recorded itself as the claimer.
      expect(runs).toHaveLength(1);
      const [run] = runs;
      expect(run?.operations).toBe(task.operations);
      expect(task.claimed_by?.endsWith(`:${run?.pid}`)).toBe(true);
      expect(runners.get(run?.pid ?? 0)).toBe(run?.name);
    }
    // Every operation belongs to exactly one task, the one its record names.
    for (const [index, [operation]] of states.entries()) {
      const owner = tasks.filter((task) => task.uid === operation?.taskUid);
      expect(owner, `operation ${index}`).toHaveLength(1);
      expect(owner[0]?.workspace_id).toBe(committed[index]?.ws);
    }
  });
});
