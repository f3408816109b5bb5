import type { ErrorIssue, ErrorReason } from './types';

/**
 * One hierarchy for everything a call can fail with. `operationId` names the operation of the
 * failed call (absent for errors raised outside a call, e.g. `ConfigurationError`).
 */
export class WsadminError extends Error {
  // Names are spelled out: minifiers rename classes.
  override name = 'WsadminError';
  /** operationId of the failed call, e.g. `'getWorkspace'`. */
  declare operationId: string | undefined;

  constructor(message: string, options?: { cause?: unknown; operationId?: string | undefined }) {
    super(message, options);
    this.operationId = options?.operationId;
  }
}

/** The server answered with an error envelope (`errcode` other than 200), whatever the HTTP status. */
export class ApiError extends WsadminError {
  override name = 'ApiError';
  /** `errcode` of the envelope, e.g. 409. */
  declare readonly errcode: number;
  /** `errmsg` of the envelope: what is wrong, naming the field or the problem. */
  declare readonly errmsg: string;
  /** Machine-readable reason from `data.reason`, e.g. `'revision_conflict'`. */
  declare readonly reason: ErrorReason | undefined;
  /** Every invalid field from `data.issues` (empty when the server sent none). */
  declare readonly issues: ErrorIssue[];
  /** HTTP status of the response. */
  declare readonly status: number;
  /**
   * The server's id of the request (`X-Request-Id` answer header): quote it to an operator, who
   * finds the matching log line by it. Undefined when the server sent none (or, in a browser, a
   * cross-origin server did not expose it).
   */
  declare readonly requestId: string | undefined;
  /** The raw response (its body has been read). */
  declare readonly response: Response;

  constructor(
    operationId: string,
    envelope: { errcode: number; errmsg: string; data?: { reason?: ErrorReason; issues?: ErrorIssue[] } },
    response: Response,
  ) {
    super(`${operationId}: ${envelope.errmsg} (errcode ${envelope.errcode})`, { operationId });
    this.errcode = envelope.errcode;
    this.errmsg = envelope.errmsg;
    this.reason = envelope.data?.reason;
    this.issues = envelope.data?.issues ?? [];
    this.status = response.status;
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    this.response = response;
  }
}

/**
 * Where a request went and how many times it was tried: set by the SDK on every `NetworkError` and
 * `TimeoutError` it throws (undefined only on one constructed by hand).
 */
export interface RequestAttempts {
  /** HTTP method, e.g. `'GET'`. */
  method?: string | undefined;
  /** The request's URL without user name and password, query included. */
  url?: string | undefined;
  /** Attempts made, the failed one included (1 when the request was not retried). */
  attempts?: number | undefined;
  /** Milliseconds from the first attempt's start to the failure, waits between attempts included. */
  elapsedMs?: number | undefined;
}

/**
 * The request never got an answer: DNS, refused connection, reset, TLS, CORS, a dropped body.
 *
 * @example
 * // listWorkspaces: GET http://127.0.0.1:8080/openapi/v1/workspaces/ failed: connect ECONNREFUSED 127.0.0.1:8080 (3 attempts over 815 ms)
 * if (error instanceof NetworkError && error.code === 'ECONNREFUSED') console.log(`nothing listens at ${error.url}`);
 */
export class NetworkError extends WsadminError {
  override name = 'NetworkError';
  /** HTTP method of the failed request, e.g. `'GET'`. */
  declare readonly method: string | undefined;
  /** URL of the failed request, without user name and password. */
  declare readonly url: string | undefined;
  /**
   * Why, as the runtime's code: `'ECONNREFUSED'`, `'ENOTFOUND'`, `'ECONNRESET'`, a TLS code such as
   * `'CERT_HAS_EXPIRED'` or `'DEPTH_ZERO_SELF_SIGNED_CERT'`, undici's `'UND_ERR_SOCKET'`. Undefined
   * when the runtime gives none: browsers never do (`Failed to fetch` covers CORS too).
   */
  declare readonly code: string | undefined;
  /** Attempts made, the failed one included (1 when the request was not retried). */
  declare readonly attempts: number | undefined;
  /** Milliseconds from the first attempt's start to the failure, waits between attempts included. */
  declare readonly elapsedMs: number | undefined;

  constructor(
    message: string,
    options?: RequestAttempts & {
      cause?: unknown;
      operationId?: string | undefined;
      code?: string | undefined;
    },
  ) {
    super(message, options);
    this.method = options?.method;
    this.url = options?.url;
    this.code = options?.code;
    this.attempts = options?.attempts;
    this.elapsedMs = options?.elapsedMs;
  }
}

/**
 * No complete answer within `timeoutMs` on the last attempt (the timeout is per attempt).
 *
 * @example
 * // getWorkspace: GET https://wsadmin.example.com/openapi/v1/workspaces/7/ timed out after 2000 ms on attempt 3 of 3
 */
export class TimeoutError extends WsadminError {
  override name = 'TimeoutError';
  /** HTTP method of the request, e.g. `'GET'`. */
  declare readonly method: string | undefined;
  /** URL of the request, without user name and password. */
  declare readonly url: string | undefined;
  /** The per-attempt timeout that ran out (`timeoutMs` of `createClient`). */
  declare readonly timeoutMs: number | undefined;
  /** Attempts made, the one that timed out included. */
  declare readonly attempts: number | undefined;
  /** Milliseconds from the first attempt's start to the failure, waits between attempts included. */
  declare readonly elapsedMs: number | undefined;

  constructor(
    message: string,
    options?: RequestAttempts & {
      cause?: unknown;
      operationId?: string | undefined;
      timeoutMs?: number | undefined;
    },
  ) {
    super(message, options);
    this.method = options?.method;
    this.url = options?.url;
    this.timeoutMs = options?.timeoutMs;
    this.attempts = options?.attempts;
    this.elapsedMs = options?.elapsedMs;
  }
}

/** The caller's `AbortSignal` fired. `cause` is the signal's reason. */
export class AbortedError extends WsadminError {
  override name = 'AbortedError';
}

/** The answer is not an envelope: not JSON, an HTML error page, an empty body, or other JSON. */
export class InvalidResponseError extends WsadminError {
  override name = 'InvalidResponseError';
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The body as text ("" when empty). */
  declare readonly body: string;
  /** The raw response (its body has been read). */
  declare readonly response: Response;

  constructor(operationId: string, response: Response, body: string) {
    super(
      `${operationId}: HTTP ${response.status}, expected a JSON envelope, got ${body ? JSON.stringify(body.slice(0, 100)) : 'an empty body'}`,
      { operationId },
    );
    this.status = response.status;
    this.body = body;
    this.response = response;
  }
}

/** `createClient` or a helper got unusable options (missing `baseUrl` or `key`, ...). */
export class ConfigurationError extends WsadminError {
  override name = 'ConfigurationError';
}

/**
 * Narrows `error` to an `ApiError`, optionally with one `errcode`.
 *
 * @example
 * try {
 *   await client.management(7).dimensions.commitUpdate(11, body);
 * } catch (error) {
 *   if (isApiError(error, 409) && error.reason === 'revision_conflict') {
 *     // read the detail again and preview again
 *   }
 * }
 */
export function isApiError<Code extends number = number>(
  error: unknown,
  errcode?: Code,
): error is ApiError & { readonly errcode: Code } {
  return error instanceof ApiError && (errcode === undefined || error.errcode === errcode);
}

/** Outcome of a call in the non-throwing style: exactly one of `data` and `error` is set. */
export type Result<T> = { data: T; error?: undefined } | { data?: undefined; error: WsadminError };

/**
 * Turns a call into a `{ data, error }` result instead of a rejection. Only `WsadminError`s are
 * captured; anything else (a bug) still rejects.
 *
 * @example
 * const { data, error } = await safe(client.workspaces.get(7));
 * if (error) console.log(error.message);
 * else console.log(data.name);
 */
export async function safe<T>(promise: Promise<T>): Promise<Result<T>> {
  try {
    return { data: await promise };
  } catch (error) {
    if (error instanceof WsadminError) return { error };
    throw error;
  }
}
