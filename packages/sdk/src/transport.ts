import { AbortedError, NetworkError, TimeoutError } from './errors';
import { networkCause, shownUrl } from './network-cause';

/** Waits `ms` milliseconds; rejects with `AbortedError` when `signal` fires first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How failed calls are retried. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 2; 0 switches retries off. */
  limit?: number;
  /** Delay before the first retry; it doubles each time. Default 300 ms. */
  baseDelayMs?: number;
  /**
   * Longest delay between attempts. Default 10 000 ms. A `Retry-After` asking for more ends the
   * retries: the error is returned instead.
   */
  maxDelayMs?: number;
  /** Injectable for tests. */
  sleep?: Sleep;
  /** Injectable for tests: a number in [0, 1). Default `Math.random`. */
  random?: () => number;
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new AbortedError('aborted', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });

/**
 * Milliseconds a `Retry-After` header asks for (delta seconds or an HTTP date), or undefined.
 *
 * @example
 * retryAfterMs('7'); // 7000
 * retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')); // 10000
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isNaN(seconds) ? Date.parse(value) - now : seconds * 1000;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * An answer as the transport hands it on: the `Response` (its body already read), the body's text,
 * read once, and that text parsed once as JSON (`undefined` when it is not JSON).
 */
export interface Answer {
  response: Response;
  text: string;
  json: unknown;
}

/** Sends one request (with retries) and reads its answer. */
export type Send = (request: Request) => Promise<Answer>;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where an attempt was when it failed: before the answer's headers, or reading its body. */
type Phase = 'connecting' | 'body';

/** One attempt's failure, before the transport knows whether another attempt follows. */
class AttemptFailed {
  constructor(
    readonly kind: 'network' | 'timeout',
    readonly phase: Phase,
    readonly cause: unknown,
  ) {}
}

const retryableCode = (code: unknown) => code === 429 || (typeof code === 'number' && code >= 500);

/**
 * Whether an answer asks for the same request again: 429 and 5xx, as the HTTP status or the
 * envelope's `errcode`; and, for a request with an Idempotency-Key, 409 `request_in_progress` (the
 * first request with that key is still running: the retry gets its answer, replayed).
 */
function worthRetrying({ response, json }: Answer, keyed: boolean): boolean {
  if (retryableCode(response.status)) return true;
  if (typeof json !== 'object' || json === null) return false;
  const envelope: { errcode?: unknown; data?: { reason?: unknown } } = json;
  if (retryableCode(envelope.errcode)) return true;
  return keyed && envelope.errcode === 409 && envelope.data?.reason === 'request_in_progress';
}

/**
 * Wraps `fetch` with a per-attempt timeout, the caller's AbortSignal, and retries with exponential
 * backoff and jitter. Only safe requests are retried: GET and HEAD, and requests that carry an
 * `Idempotency-Key` (management commits). Each retry sends a clone of the very same Request, so a
 * commit is always retried with the Idempotency-Key it was first sent with. Retried: network errors,
 * timeouts, HTTP 429 and 5xx, HTTP 200 answers whose envelope `errcode` is 429 or 5xx, and, for a
 * request with an Idempotency-Key, 409 `request_in_progress`. A `Retry-After` replaces the backoff.
 * The body is read inside the attempt, so the timeout covers it and a dropped body is a NetworkError;
 * it is read once, as text, and parsed once: the `Answer` carries both.
 */
export function createTransport(
  fetchImpl: (request: Request) => Promise<Response>,
  timeoutMs: number,
  policy: RetryPolicy,
): Send {
  const {
    limit = 2,
    baseDelayMs = 300,
    maxDelayMs = 10_000,
    sleep = defaultSleep,
    random = Math.random,
  } = policy;

  async function attempt(request: Request): Promise<Answer> {
    const signal = request.signal;
    const controller = new AbortController();
    const abort = () => controller.abort(signal.reason);
    let timedOut = false;
    let reading: Phase = 'connecting';
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    signal.addEventListener('abort', abort);
    // Settles on timeout or abort even when the fetch ignores its signal.
    const stopped = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
    );
    stopped.catch(() => {});
    try {
      if (signal.aborted) throw signal.reason;
      const sent = new Request(request.clone(), { signal: controller.signal });
      const response = await Promise.race([fetchImpl(sent), stopped]);
      reading = 'body';
      const text = await Promise.race([response.text(), stopped]);
      return { response, text, json: parsed(text) };
    } catch (cause) {
      if (signal.aborted) throw new AbortedError('aborted', { cause: signal.reason });
      throw new AttemptFailed(timedOut ? 'timeout' : 'network', reading, cause);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  /** The error of the last attempt, saying where the request went and how often it was tried. */
  function failure(request: Request, failed: AttemptFailed, attempts: number, of: number, started: number) {
    const method = request.method;
    const url = shownUrl(request.url);
    const elapsedMs = Math.round(Date.now() - started);
    const where = `${method} ${url}`;
    const during = failed.phase === 'body' ? ' while reading the body' : '';
    const { cause } = failed;
    if (failed.kind === 'timeout')
      return new TimeoutError(
        `${where} timed out after ${timeoutMs} ms${during} on attempt ${attempts} of ${of}`,
        { cause, method, url, timeoutMs, attempts, elapsedMs },
      );
    const { code, detail } = networkCause(cause);
    const tried = `${attempts} attempt${attempts === 1 ? '' : 's'} over ${elapsedMs} ms`;
    const why = code === undefined || detail.includes(code) ? tried : `${code}; ${tried}`;
    return new NetworkError(`${where} failed${during}: ${detail} (${why})`, {
      cause,
      method,
      url,
      code,
      attempts,
      elapsedMs,
    });
  }

  return async (request) => {
    const started = Date.now();
    const keyed = request.headers.has('idempotency-key');
    const safe = request.method === 'GET' || request.method === 'HEAD' || keyed;
    const most = safe ? Math.max(1, Math.ceil(limit) + 1) : 1;
    for (let n = 0; ; n++) {
      const last = n + 1 >= most;
      let wait: number | undefined;
      try {
        const answer = await attempt(request);
        if (last || !worthRetrying(answer, keyed)) return answer;
        wait = retryAfterMs(answer.response.headers.get('retry-after'));
        if (wait !== undefined && wait > maxDelayMs) return answer;
      } catch (error) {
        if (!(error instanceof AttemptFailed)) throw error;
        if (last) throw failure(request, error, n + 1, most, started);
      }
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** n);
      await sleep(wait ?? ceiling / 2 + (random() * ceiling) / 2, request.signal);
      if (request.signal.aborted) throw new AbortedError('aborted', { cause: request.signal.reason });
    }
  };
}
