import type { OperationId } from '@wsadmin/contract';
import { matchOperation, type StoredRowChange } from '@wsadmin/server-core';
import { kindOf } from './kinds';
import { REDACTED, redactedBody, redactedHeaders, redactedRow } from './redact';
import type { MockAnswer, MockChange, MockRequest } from './types';

export const DEFAULT_JOURNAL_LIMIT = 1000;

/** Where the journal reads what requests wrote (the live database's capture). */
export interface ChangeSource {
  /** True when rows may have been written since the last take (costs no query). */
  pending(): boolean;
  take(): Promise<StoredRowChange[]>;
}

/** One request being answered: what the answering tells the journal. */
export interface JournalTrace {
  overridden: boolean;
  readonly changes: MockChange[];
}

interface Started {
  readonly trace: JournalTrace;
  readonly seq: number;
  readonly generation: number;
  readonly startMs: number;
  readonly startedAt: string;
  readonly request: Request;
  readonly path: string;
  readonly body: Promise<string>;
}

/**
 * The request journal: one entry per request the mock answered, oldest first, at most `limit`.
 * While it runs, the app answers one request at a time (an override's delay still overlaps), so
 * the rows written between the start and the end of an app call are that request's.
 */
export function createJournal(options: { limit: number; now: () => Date; changes: ChangeSource }) {
  if (!(Number.isInteger(options.limit) && options.limit > 0))
    throw new TypeError(`createMock: journal.limit must be a positive integer, got ${options.limit}`);
  const entries: MockRequest[] = [];
  let seq = 0;
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function takeChanges(): Promise<StoredRowChange[]> {
    return options.changes.pending() ? options.changes.take() : [];
  }

  return {
    entries: entries as readonly MockRequest[],
    /** Called as a request arrives, before anything reads its body. */
    begin(request: Request, path: string): Started {
      seq += 1;
      const bodyless = request.method === 'GET' || request.method === 'HEAD' || request.body === null;
      return {
        trace: { overridden: false, changes: [] },
        seq,
        generation,
        startMs: performance.now(),
        startedAt: options.now().toISOString(),
        request,
        path,
        body: bodyless ? Promise.resolve('') : request.clone().text(),
      };
    },
    /** Runs an app call of `trace`'s request alone, and gives it the rows it wrote. */
    appCall(trace: JournalTrace, call: () => Promise<Response>): Promise<Response> {
      const run = queue.then(async () => {
        // Rows written outside any request (mock.client, createKey, a timer's task) are no request's.
        await takeChanges();
        try {
          return await call();
        } finally {
          for (const row of await takeChanges()) trace.changes.push(changeOf(row));
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    /** Called with the answer; adds the entry (unless the journal was cleared meanwhile). */
    async end(started: Started, response: Response): Promise<void> {
      const entry = await entryOf(started, response);
      if (started.generation !== generation) return;
      let at = entries.length;
      while (at > 0 && (entries[at - 1]?.seq ?? 0) > entry.seq) at -= 1;
      entries.splice(at, 0, entry);
      if (entries.length > options.limit) entries.splice(0, entries.length - options.limit);
    },
    clear(): void {
      entries.length = 0;
      seq = 0;
      generation += 1;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

async function entryOf(started: Started, response: Response): Promise<MockRequest> {
  const { request, path } = started;
  const url = new URL(request.url);
  const matched = matchOperation(request.method, path);
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  const entry = {
    seq: started.seq,
    operationId: matched?.operationId as OperationId,
    method: request.method,
    url: request.url,
    path,
    params: matched?.params ?? {},
    query,
    headers: redactedHeaders(request.headers),
    body: bodyOf(await started.body.catch(() => '')),
    startedAt: started.startedAt,
    durationMs: performance.now() - started.startMs,
    overridden: started.trace.overridden,
    answer: await answerOf(response),
    changes: started.trace.changes,
  };
  return entry as MockRequest;
}

function bodyOf(text: string): unknown {
  if (text === '') return undefined;
  try {
    return redactedBody(JSON.parse(text));
  } catch {
    return /password|secret/i.test(text) ? REDACTED : text;
  }
}

async function answerOf(response: Response): Promise<MockAnswer> {
  if (response.type === 'error')
    return { status: 0, errcode: undefined, errmsg: undefined, data: undefined, headers: {} };
  const text = await response.clone().text();
  let envelope: unknown;
  try {
    envelope = text === '' ? undefined : JSON.parse(text);
  } catch {
    envelope = text;
  }
  const fields =
    typeof envelope === 'object' && envelope !== null ? (envelope as Record<string, unknown>) : {};
  return {
    status: response.status,
    errcode: typeof fields.errcode === 'number' ? fields.errcode : undefined,
    errmsg: typeof fields.errmsg === 'string' ? fields.errmsg : undefined,
    data: 'errcode' in fields ? redactedBody(fields.data) : envelope,
    headers: redactedHeaders(response.headers),
  };
}

function changeOf(row: StoredRowChange): MockChange {
  const values = Object.values(row.key);
  const id =
    values.length === 1 && (typeof values[0] === 'number' || typeof values[0] === 'string')
      ? values[0]
      : values.map(String).join('/');
  return {
    kind: kindOf(row.table, row.after ?? row.before ?? {}),
    table: row.table,
    action: row.action,
    id,
    ...(row.before ? { before: redactedRow(row.before) } : {}),
    ...(row.after ? { after: redactedRow(row.after) } : {}),
  };
}
