import { jsonAnswerText, type StoredRowChange } from '@wsadmin/server-core';
import { type AnsweredRequest, entryOf } from './entry';
import type { MockRequest } from './types';

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
  readonly changes: StoredRowChange[];
}

interface Started {
  readonly trace: JournalTrace;
  readonly seq: number;
  readonly generation: number;
  readonly startMs: number;
  readonly startedAt: Date;
  readonly request: Request;
  readonly path: string;
  readonly body: string;
}

interface Kept {
  readonly answered: AnsweredRequest;
  entry?: MockRequest;
}

/**
 * The request journal: one entry per request the mock answered, oldest first, at most `limit`.
 * While it runs, the app answers one request at a time (an override's delay still overlaps), so
 * the rows written between the start and the end of an app call are that request's. Answering
 * keeps the raw request and answer; an entry is parsed and redacted when the journal is read.
 */
export function createJournal(options: { limit: number; now: () => Date; changes: ChangeSource }) {
  if (!(Number.isInteger(options.limit) && options.limit > 0))
    throw new TypeError(`createMock: journal.limit must be a positive integer, got ${options.limit}`);
  const kept: Kept[] = [];
  let view: readonly MockRequest[] | undefined;
  let seq = 0;
  let generation = 0;
  /** The last app call's end, while one runs or waits. */
  let tail: Promise<void> | undefined;
  const release = (settled: Promise<void>) => {
    if (tail === settled) tail = undefined;
  };

  return {
    /** The entries, oldest first (made on first read, then kept). */
    get entries(): readonly MockRequest[] {
      view ??= kept.map((each) => {
        each.entry ??= entryOf(each.answered);
        return each.entry;
      });
      return view;
    },
    /**
     * Called as a request arrives: reads its body; `request` of the result is the one to answer
     * (made anew with that body, which costs less than a clone's tee of the body stream).
     */
    begin(request: Request, path: string): Started | Promise<Started> {
      seq += 1;
      const at = { seq, generation, startMs: performance.now(), startedAt: options.now(), path };
      const started = (answered: Request, body: string): Started => ({
        ...at,
        trace: { overridden: false, changes: [] },
        request: answered,
        body,
      });
      if (request.method === 'GET' || request.method === 'HEAD' || request.body === null)
        return started(request, '');
      return request.text().then((body) =>
        started(
          new Request(request.url, {
            method: request.method,
            headers: request.headers,
            body,
            signal: request.signal,
          }),
          body,
        ),
      );
    },
    /** Runs an app call of `trace`'s request alone, and gives it the rows it wrote. */
    appCall(trace: JournalTrace, call: () => Promise<Response>): Promise<Response> {
      const step = async () => {
        // Rows written outside any request (mock.client, createKey, a timer's task) are no request's.
        if (options.changes.pending()) await options.changes.take();
        try {
          return await call();
        } finally {
          if (options.changes.pending()) trace.changes.push(...(await options.changes.take()));
        }
      };
      // With no call running, this one starts at once (a queue turn cost a list call 5%).
      const run = tail ? tail.then(step) : step();
      const settled: Promise<void> = run.then(
        () => release(settled),
        () => release(settled),
      );
      tail = settled;
      return run;
    },
    /**
     * Called with the answer: keeps the request (unless the journal was cleared meanwhile) and
     * gives back an answer of the same status, headers and body, read once here.
     */
    async end(started: Started, response: Response): Promise<Response> {
      const failed = response.type === 'error';
      // The app's 200 answers say their text; any other answer is read here and rebuilt.
      const known = jsonAnswerText(response);
      const text = failed ? undefined : (known ?? (await response.text()));
      if (started.generation === generation) {
        const { request } = started;
        const answered: AnsweredRequest = {
          seq: started.seq,
          method: request.method,
          url: request.url,
          path: started.path,
          headers: request.headers,
          body: started.body,
          startedAt: started.startedAt,
          durationMs: performance.now() - started.startMs,
          overridden: started.trace.overridden,
          changes: started.trace.changes,
          status: failed ? 0 : response.status,
          answerHeaders: failed ? undefined : response.headers,
          answerText: text,
        };
        let at = kept.length;
        while (at > 0 && (kept[at - 1]?.answered.seq ?? 0) > answered.seq) at -= 1;
        kept.splice(at, 0, { answered });
        if (kept.length > options.limit) kept.splice(0, kept.length - options.limit);
        view = undefined;
      }
      if (text === undefined || known !== undefined) return response;
      return new Response(text === '' ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
    clear(): void {
      kept.length = 0;
      view = undefined;
      seq = 0;
      generation += 1;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
