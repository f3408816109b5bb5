import type { ErrorReason, OperationId } from '@wsadmin/contract';

/** Statuses of requests the contract refuses whatever the data (decision 0035). */
export type RejectionStatus = 400 | 401 | 404 | 405 | 413 | 415;

/**
 * A request the contract refuses, answered by the app: a 400 `invalid_request` (a field the
 * schema refuses, malformed JSON, ...), a missing or unknown key (401), no operation at that path
 * (404) or with that method (405), a body too large (413) or not JSON (415). Business answers (a
 * missing object's 404, 403, 409, 410, 412, ...) are not rejections.
 */
export interface MockRejection {
  /** The operation the path and method matched; undefined when none did (404, 405). */
  readonly operationId: OperationId | undefined;
  readonly method: string;
  /** Path and query below the base URL, e.g. `/openapi/v1/workspaces/`. */
  readonly path: string;
  readonly status: RejectionStatus;
  readonly reason: ErrorReason | undefined;
  /** The app's `errmsg`: names the field or the problem. */
  readonly errmsg: string;
  /** The request body, shortened, with password and secret fields redacted; undefined without one. */
  readonly body: string | undefined;
  /** One line for a test's failure: the operation, the answer, the request. */
  readonly message: string;
}

/**
 * A rejection a test expects: an operationId (any of its rejections), or a matcher whose given
 * fields must all match. `operationId: null` matches a request that matched no operation.
 */
export type AllowedRejection = OperationId | RejectionMatcher;

export interface RejectionMatcher {
  operationId?: OperationId | null;
  status?: RejectionStatus;
  /** The same as `status` (the envelope's `errcode` equals the HTTP status). */
  errcode?: RejectionStatus;
  reason?: ErrorReason;
}

/** Rejections a test did not declare, as one error naming each. */
export class MockRejectionError extends Error {
  override readonly name = 'MockRejectionError';

  constructor(readonly rejections: readonly MockRejection[]) {
    super(
      `the wsadmin mock refused ${rejections.length === 1 ? 'a request' : `${rejections.length} requests`} the contract does not allow (strict mode):\n- ${rejections.map((rejection) => rejection.message).join('\n- ')}\nIf the test expects it, declare it: mock.allowRejection('${rejections[0]?.operationId ?? 'operationId'}') or the scenario's allowRejections; strict: false turns the check off.`,
    );
  }
}

const STATUSES: ReadonlySet<number> = new Set([400, 401, 404, 405, 413, 415]);
const BODY_SHOWN = 200;

/**
 * The rejection an app answer is, if any. `body`: a copy of the request's body, read only when the
 * answer is one. `operationId`: the matched operation (a 404 with one is a missing object).
 */
export async function rejectionOf(
  /** The operation the request called; asked only of an answer that may be a rejection. */
  operationIdOf: () => OperationId | undefined,
  method: string,
  path: string,
  body: Request | undefined,
  response: Response,
): Promise<MockRejection | undefined> {
  const status = response.status;
  if (!STATUSES.has(status)) return undefined;
  const operationId = operationIdOf();
  if (status === 404 && operationId !== undefined) return undefined;
  // A CORS preflight is the browser's, not the app's: one a bridge passes on is no bug of the app.
  if (method === 'OPTIONS') return undefined;
  const envelope = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { errmsg?: unknown; data?: { reason?: ErrorReason } } | undefined;
  const reason = envelope?.data?.reason;
  if (status === 400 && reason !== 'invalid_request') return undefined;
  const errmsg = typeof envelope?.errmsg === 'string' ? envelope.errmsg : response.statusText;
  const shown = body ? shorten(redacted(await body.text().catch(() => ''))) : undefined;
  const what = operationId ?? `no operation (${method} ${path.split('?')[0]})`;
  return {
    operationId,
    method,
    path,
    status: status as RejectionStatus,
    reason,
    errmsg,
    body: shown,
    message: `${what}: ${status}${reason ? ` ${reason}` : ''}: ${errmsg} — request ${method} ${path}${shown ? ` ${shown}` : ''}`,
  };
}

export function allows(allowed: AllowedRejection, rejection: MockRejection): boolean {
  if (typeof allowed === 'string') return allowed === rejection.operationId;
  const { operationId, status, errcode, reason } = allowed;
  return (
    (operationId === undefined || (operationId ?? undefined) === rejection.operationId) &&
    (status === undefined || status === rejection.status) &&
    (errcode === undefined || errcode === rejection.status) &&
    (reason === undefined || reason === rejection.reason)
  );
}

const SECRET_FIELD = /password|secret|token/i;

/** A JSON body with the values of password, secret and token fields replaced; other text as it is. */
function redacted(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (key, value) =>
      key !== '' && SECRET_FIELD.test(key) && typeof value !== 'object' ? '[redacted]' : value,
    );
  } catch {
    // Not JSON: shown only when it names no secret field.
    return SECRET_FIELD.test(text)
      ? `(${text.length} characters, not JSON, not shown: they name a secret field)`
      : text;
  }
}

function shorten(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length <= BODY_SHOWN ? text : `${text.slice(0, BODY_SHOWN)}… (${text.length} characters)`;
}
