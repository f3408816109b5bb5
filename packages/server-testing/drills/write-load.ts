/**
 * The write load of the drills: workers that preview and commit new dimensions (each with its own
 * Idempotency-Key) and create workspaces in batches, recording what the server acknowledged and
 * what was in flight when the answer never came.
 */

export interface Answer {
  status: number;
  body: { errcode?: number; errmsg?: string; data?: unknown };
}

/** One HTTP call; throws when no answer arrives (connection refused or cut). */
export async function call(
  url: string,
  secret: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

export async function createWorkspace(url: string, secret: string, name: string): Promise<number> {
  const answer = await call(url, secret, 'POST', '/openapi/v1/workspaces/', { name });
  if (answer.status !== 200) throw new Error(`creating a workspace: ${answer.status} ${answer.body.errmsg}`);
  return (answer.body.data as { id: number }).id;
}

/** A commit request: sending it again with its key must replay or apply it, never anything else. */
export interface CommitRequest {
  name: string;
  idempotencyKey: string;
  path: string;
  body: string;
}

export interface AckedCommit extends CommitRequest {
  operationId: string;
  id: number;
}

export interface WriteLog {
  acked: AckedCommit[];
  /** Commits sent without an answer (or with a 5xx): each either fully applied or not at all. */
  unanswered: CommitRequest[];
  ackedBatches: string[][];
  /** Workspace batches sent without an answer: all of a batch's workspaces exist, or none. */
  unansweredBatches: string[][];
  /** Status codes of every answer, by code. */
  statuses: Record<string, number>;
  /** Answers that are wrong whatever happened to the server or the database. */
  unexpected: string[];
  /** 5xx answers that are not the 503 "unavailable" envelope. */
  badFailures: string[];
  /** Retries answered 409 "still running": their first attempt's key was not released. */
  stuckRetries: number;
  /** When each answer arrived (ms since the load started) and its status. */
  timeline: Array<[number, number]>;
}

export const emptyLog = (): WriteLog => ({
  acked: [],
  unanswered: [],
  ackedBatches: [],
  unansweredBatches: [],
  statuses: {},
  unexpected: [],
  badFailures: [],
  stuckRetries: 0,
  timeline: [],
});

export interface LoadOptions {
  url: string;
  secret: string;
  workspaceId: number;
  /** Tells the names of this run apart from earlier ones on the same database. */
  prefix: string;
  commitWorkers: number;
  batchWorkers: number;
  /** Workers that read the workspace meanwhile. */
  readWorkers?: number;
  /** Workers stop when this says so (checked before each request). */
  running: () => boolean;
  /** On a 503, retry the same request (same Idempotency-Key) after a pause, as a careful client does. */
  retryUnavailable?: boolean;
}

/** Runs the workers until `running()` turns false or a worker loses the server; resolves with the log. */
export async function writeLoad(options: LoadOptions, log: WriteLog = emptyLog()): Promise<WriteLog> {
  let next = 0;
  const started = performance.now();
  const count = (answer: Answer) => {
    log.timeline.push([performance.now() - started, answer.status]);
    log.statuses[answer.status] = (log.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500) {
      const reason = (answer.body.data as { reason?: string } | undefined)?.reason;
      if (answer.status !== 503 || reason !== 'unavailable' || answer.body.errcode !== 503) {
        log.badFailures.push(`${answer.status} ${reason}: ${answer.body.errmsg}`);
      }
    }
  };
  const pause = () => new Promise((wake) => setTimeout(wake, 50));

  const commitWorker = async () => {
    const base = `/openapi/v1/workspaces/${options.workspaceId}/management/dimensions/`;
    while (options.running()) {
      const n = next++;
      const name = `${options.prefix}-${n}`;
      const changes = { type: 'string', format: '', names: [name] };
      const preview = await call(options.url, options.secret, 'POST', `${base}preview/`, {
        action: 'create',
        changes,
      }).catch(() => undefined);
      if (!preview) return;
      count(preview);
      if (preview.status !== 200) {
        if (preview.status !== 503)
          log.unexpected.push(`preview ${name}: ${preview.status} ${preview.body.errmsg}`);
        if (options.retryUnavailable) await pause();
        continue;
      }
      const planToken = (preview.body.data as { planToken: string }).planToken;
      const request: CommitRequest = {
        name,
        idempotencyKey: `${options.prefix}-key-${n}`,
        path: base,
        body: JSON.stringify({ changes, planToken }),
      };
      for (;;) {
        const commit = await sendCommit(options, request);
        if (!commit) {
          log.unanswered.push(request);
          return;
        }
        count(commit);
        if (commit.status === 200) {
          const data = commit.body.data as { operationId: string; id: number };
          log.acked.push({ ...request, operationId: data.operationId, id: data.id });
          break;
        }
        const reason = (commit.body.data as { reason?: string } | undefined)?.reason;
        if (commit.status === 409 && reason === 'request_in_progress' && options.retryUnavailable) {
          // Another request still holds the key: since decision 0033 only a claim of an earlier
          // server version does (the drills' tests expect none).
          log.stuckRetries++;
          log.unanswered.push(request);
          break;
        }
        if (commit.status !== 503) {
          log.unexpected.push(`commit ${name}: ${commit.status} ${commit.body.errmsg}`);
          break;
        }
        if (!options.retryUnavailable || !options.running()) {
          log.unanswered.push(request);
          break;
        }
        await pause();
      }
    }
  };

  const batchWorker = async () => {
    while (options.running()) {
      const n = next++;
      const names = ['a', 'b', 'c'].map((suffix) => `${options.prefix}-ws-${n}-${suffix}`);
      const answer = await call(
        options.url,
        options.secret,
        'POST',
        '/openapi/v1/workspaces/create-workspaces/',
        {
          workspaces: names.map((name) => ({ name })),
        },
      ).catch(() => undefined);
      if (!answer) {
        log.unansweredBatches.push(names);
        return;
      }
      count(answer);
      if (answer.status === 200) log.ackedBatches.push(names);
      else if (answer.status === 503) log.unansweredBatches.push(names);
      else log.unexpected.push(`create-workspaces ${n}: ${answer.status} ${answer.body.errmsg}`);
      if (answer.status === 503) await pause();
    }
  };

  const readWorker = async () => {
    while (options.running()) {
      const answer = await call(
        options.url,
        options.secret,
        'GET',
        `/openapi/v1/workspaces/${options.workspaceId}/`,
      ).catch(() => undefined);
      if (!answer) return;
      count(answer);
      if (answer.status !== 200 && answer.status !== 503)
        log.unexpected.push(`read: ${answer.status} ${answer.body.errmsg}`);
      if (answer.status === 503) await pause();
    }
  };

  await Promise.all([
    ...Array.from({ length: options.readWorkers ?? 0 }, readWorker),
    ...Array.from({ length: options.commitWorkers }, commitWorker),
    ...Array.from({ length: options.batchWorkers }, batchWorker),
  ]);
  return log;
}

function sendCommit(options: LoadOptions, request: CommitRequest): Promise<Answer | undefined> {
  return call(options.url, options.secret, 'POST', request.path, request.body, {
    'idempotency-key': request.idempotencyKey,
  }).catch(() => undefined);
}

/** Sends a commit again with its key, after the server came back. */
export function resend(url: string, secret: string, request: CommitRequest): Promise<Answer> {
  return call(url, secret, 'POST', request.path, request.body, { 'idempotency-key': request.idempotencyKey });
}
