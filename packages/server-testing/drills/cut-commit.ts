import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { ThrowawayPostgres } from '../src/postgres';
import { withStorage } from './crash';
import { type ServerProcess, startServerProcess } from './server-process';
import { type Answer, call, createWorkspace } from './write-load';

/**
 * Cut-commit drill (decision 0033): a management commit is cut in the middle, while another session
 * holds its workspace's write lock so the commit is surely under way, then the client sends it
 * again with the same Idempotency-Key and body, as a careful client does. The retry must get its
 * answer within 2 s and the change must be applied exactly once, with no claim left behind.
 * - `kill`: the server process taking the commit gets SIGKILL; the retry goes to a second process
 *   on the same database (SQLite file or PostgreSQL).
 * - `restart`: PostgreSQL restarts (`pg_ctl restart -m fast`); the retry goes to the same process.
 * Before decision 0033 the claim was its own committed row: every retry heard 409
 * `request_in_progress` for 60 s.
 */

export type CutCommitOptions =
  | { fault: 'kill'; databaseUrl: string }
  | { fault: 'restart'; databaseUrl: string; postgres: ThrowawayPostgres };

export interface CutCommitReport {
  fault: 'kill' | 'restart';
  /** What the cut commit's client got: an HTTP status, or `no answer` (connection cut). */
  cutAnswer: string;
  /** From the cut (kill sent, or restart finished) to the retry's 200. */
  retryMs: number;
  /** Every answer of the retry loop, in order (`409 request_in_progress`, `503 unavailable`, `200`). */
  retryAnswers: string[];
  /** Dimensions with the commit's name, operation records and Idempotency-Key rows in the workspace. */
  objects: number;
  operations: number;
  keys: { done: number; running: number };
  /** The same request once more replays the retry's operation. */
  replayed: boolean;
  problems: string[];
}

const RETRY_BUDGET_MS = 10_000;
const ANSWER_WITHIN_MS = 2000;

export async function runCutCommitDrill(options: CutCommitOptions): Promise<CutCommitReport> {
  const secret = `wsk_cut_${Date.now()}`;
  const servers: ServerProcess[] = [];
  const holder = await openHolder(options.databaseUrl);
  try {
    const first = await startServerProcess(options.databaseUrl, secret);
    servers.push(first);
    // The second process is the load balancer's other host: started first, so the retry waits for nothing.
    const second = options.fault === 'kill' ? await startServerProcess(options.databaseUrl, secret) : first;
    if (second !== first) servers.push(second);

    const prefix = `cut-${options.fault}-${Date.now().toString(36)}`;
    const workspaceId = await createWorkspace(first.url, secret, prefix);
    const path = `/openapi/v1/workspaces/${workspaceId}/management/dimensions/`;
    const changes = { type: 'string', format: '', names: [prefix] };
    const preview = await call(first.url, secret, 'POST', `${path}preview/`, { action: 'create', changes });
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${preview.body.errmsg}`);
    const body = JSON.stringify({
      changes,
      planToken: (preview.body.data as { planToken: string }).planToken,
    });
    const headers = { 'idempotency-key': `${prefix}-key` };

    await holder.hold(workspaceId);
    const cut = call(first.url, secret, 'POST', path, body, headers).then(
      (answer) => `${answer.status} ${reasonOf(answer)}`,
      () => 'no answer',
    );
    await holder.waitForBlockedWriter();

    let cutAt: number;
    if (options.fault === 'kill') {
      await first.kill();
      cutAt = performance.now();
      // The other session finishes its work right after: the workspace is free for the retry.
      setTimeout(() => void holder.release(), 200);
    } else {
      await options.postgres.restart();
      cutAt = performance.now();
    }
    const retry = await sendUntilAnswered(second.url, secret, path, body, headers);
    const retryMs = Math.round((retry.answeredAt ?? performance.now()) - cutAt);
    const cutAnswer = await cut;
    await holder.release();

    const again = await call(second.url, secret, 'POST', path, body, headers);
    const operationId = (retry.answer?.body.data as { operationId?: string } | undefined)?.operationId;
    const replayed =
      again.status === 200 && (again.body.data as { operationId?: string }).operationId === operationId;
    const stored = await withStorage(options.databaseUrl, async (db) => ({
      objects: (
        await db
          .selectFrom('objects')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('name', '=', prefix)
          .execute()
      ).length,
      operations: (
        await db.selectFrom('operations').select('id').where('workspace_id', '=', workspaceId).execute()
      ).length,
      states: (
        await db
          .selectFrom('idempotency_records')
          .select('state')
          .where('workspace_id', '=', workspaceId)
          .execute()
      ).map((row) => row.state),
    }));
    const keys = {
      done: stored.states.filter((state) => state === 'done').length,
      running: stored.states.filter((state) => state === 'running').length,
    };
    const problems: string[] = [];
    if (!retry.answer)
      problems.push(`the retry got no 200 in ${RETRY_BUDGET_MS} ms: ${retry.answers.join(', ')}`);
    else if (retryMs >= ANSWER_WITHIN_MS) problems.push(`the retry was answered after ${retryMs} ms`);
    if (cutAnswer.startsWith('200')) problems.push('the cut commit was answered: the fault came too late');
    if (stored.objects !== 1 || stored.operations !== 1)
      problems.push(`applied ${stored.objects} times with ${stored.operations} operation records`);
    if (keys.done !== 1 || keys.running !== 0)
      problems.push(`Idempotency-Key rows: ${keys.done} done, ${keys.running} running`);
    if (!replayed) problems.push(`sent once more: ${again.status} ${again.body.errmsg}`);
    return {
      fault: options.fault,
      cutAnswer,
      retryMs,
      retryAnswers: retry.answers,
      objects: stored.objects,
      operations: stored.operations,
      keys,
      replayed,
      problems,
    };
  } finally {
    await holder.close();
    for (const server of servers) await server.kill();
  }
}

const reasonOf = (answer: Answer) => (answer.body.data as { reason?: string } | undefined)?.reason ?? '';

/**
 * Sends the commit until it is answered 200, as the SDK does: after `Retry-After` on 409
 * `request_in_progress`, after 100 ms on 503 or no answer (the database or the host coming back).
 */
async function sendUntilAnswered(
  url: string,
  secret: string,
  path: string,
  body: string,
  headers: Record<string, string>,
) {
  const started = performance.now();
  const answers: string[] = [];
  while (performance.now() - started < RETRY_BUDGET_MS) {
    const sent = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(RETRY_BUDGET_MS),
    }).then(
      async (response) => ({
        answer: { status: response.status, body: (await response.json()) as Answer['body'] },
        retryAfter: response.headers.get('retry-after'),
      }),
      () => undefined,
    );
    const answeredAt = performance.now();
    answers.push(sent ? `${sent.answer.status} ${reasonOf(sent.answer)}`.trim() : 'no answer');
    if (sent?.answer.status === 200) return { answer: sent.answer, answeredAt, answers };
    const waitMs =
      sent?.answer.status === 409 && reasonOf(sent.answer) === 'request_in_progress'
        ? Number(sent.retryAfter ?? 1) * 1000
        : sent === undefined || sent.answer.status === 503
          ? 100
          : undefined;
    if (waitMs === undefined) break;
    await new Promise((wake) => setTimeout(wake, waitMs));
  }
  return { answer: undefined, answeredAt: undefined, answers };
}

/** Another session holding a workspace's write lock, as an operator's `psql` might. */
interface Holder {
  hold(workspaceId: number): Promise<void>;
  /** Resolves once the server's commit waits for the lock (PostgreSQL: seen in pg_stat_activity). */
  waitForBlockedWriter(): Promise<void>;
  release(): Promise<void>;
  close(): Promise<void>;
}

async function openHolder(databaseUrl: string): Promise<Holder> {
  if (databaseUrl.startsWith('sqlite:')) {
    // One writer per SQLite file: an open write transaction blocks every commit of every process.
    const database = new Sqlite(databaseUrl.slice('sqlite:'.length));
    let holding = false;
    return {
      async hold() {
        database.exec('begin immediate');
        holding = true;
      },
      // Nothing shows a waiting SQLite writer: the commit has had a second to reach its `begin`.
      waitForBlockedWriter: () => new Promise((wake) => setTimeout(wake, 1000)),
      async release() {
        if (holding) database.exec('commit');
        holding = false;
      },
      async close() {
        database.close();
      },
    };
  }
  const session = new pg.Client({ connectionString: databaseUrl });
  // A PostgreSQL restart ends this session too.
  session.on('error', () => {});
  await session.connect();
  let holding = false;
  return {
    async hold(workspaceId) {
      await session.query('begin');
      await session.query('select id from workspaces where id = $1 for no key update', [workspaceId]);
      holding = true;
    },
    async waitForBlockedWriter() {
      const started = performance.now();
      for (;;) {
        const { rows } = await session.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name = 'wsadmin' and wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.n ?? 0) > 0) return;
        if (performance.now() - started > 15_000)
          throw new Error('the commit never waited for the workspace lock');
        await new Promise((wake) => setTimeout(wake, 25));
      }
    },
    async release() {
      if (holding) await session.query('commit').catch(() => undefined);
      holding = false;
    },
    async close() {
      await session.end().catch(() => undefined);
    },
  };
}
