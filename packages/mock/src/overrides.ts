import {
  EmptyEnvelope,
  ErrorEnvelope,
  envelopeOf,
  type OperationId,
  operations,
  successEnvelope,
} from '@wsadmin/contract';
import { assertOperationId } from '@wsadmin/contract/routes';
import type { ErrorAnswer, OverrideData, RequestParams, ResponseData } from './types';

/** What an override handler receives. */
export interface OverrideContext<K extends OperationId> {
  operationId: K;
  /** A copy of the intercepted request; its body may be read. */
  request: Request;
  /** Path parameters by name, as text (decoded). */
  params: { [P in keyof RequestParams<K>]: string };
  /** Asks the reference app for its real answer: resolves with its `data`, rejects with `MockRequestError`. */
  real(): Promise<ResponseData<K>>;
}

/** Answers with the operation's `data` (checked against the contract) or with an error envelope. */
export type OverrideHandler<K extends OperationId> = (
  context: OverrideContext<K>,
) => OverrideData<K> | ErrorAnswer | Promise<OverrideData<K> | ErrorAnswer>;

/**
 * A scenario for one operation: a handler, a fixed error envelope, a delay before the real
 * answer, or a network error (the fetch rejects).
 */
export type Override<K extends OperationId> =
  | OverrideHandler<K>
  | ErrorAnswer
  | { delayMs: number }
  | 'network-error';

export interface OverrideOptions {
  /** Applies to this many requests, then the real app answers again. Default: until `reset()`. */
  times?: number;
}

/** An override answered a shape the contract does not allow. */
export class MockContractError extends Error {
  override readonly name = 'MockContractError';

  constructor(
    readonly operationId: OperationId,
    message: string,
  ) {
    super(`mock override of ${operationId} violates the contract: ${message}`);
  }
}

export interface ActiveOverride {
  override: Override<OperationId>;
  remaining: number;
}

/** An override in force, as `mock.overrides` lists it (plain data: it survives JSON). */
export interface MockActiveOverride {
  readonly operationId: OperationId;
  /** A handler function, a fixed error envelope, a delay before the real answer, or a network error. */
  readonly kind: 'handler' | 'error' | 'delay' | 'network-error';
  /** Requests it still answers; `null`: every one until `reset()`. */
  readonly remaining: number | null;
  /** The envelope's `errcode` (kind `error`). */
  readonly errcode?: number;
  /** The delay (kind `delay`). */
  readonly delayMs?: number;
}

/** What `mock.overrides` shows of an active override. */
export function describeOverride(operationId: OperationId, active: ActiveOverride): MockActiveOverride {
  const { override } = active;
  const remaining = Number.isFinite(active.remaining) ? active.remaining : null;
  if (typeof override === 'function') return { operationId, kind: 'handler', remaining };
  if (override === 'network-error') return { operationId, kind: 'network-error', remaining };
  if (isEnvelope(override)) return { operationId, kind: 'error', remaining, errcode: override.errcode };
  return { operationId, kind: 'delay', remaining, delayMs: override.delayMs };
}

/** Checks a fixed override when it is declared, so a wrong one fails where it is written. */
export function checkOverride(operationId: OperationId, override: unknown, options: OverrideOptions): void {
  assertOperationId(operationId, 'mock.override');
  if (options.times !== undefined && !(Number.isInteger(options.times) && options.times > 0)) {
    throw new MockContractError(operationId, `times must be a positive integer, got ${options.times}`);
  }
  if (typeof override === 'function' || override === 'network-error') return;
  if (typeof override === 'object' && override !== null && 'delayMs' in override) {
    const { delayMs } = override as { delayMs: unknown };
    if (typeof delayMs === 'number' && Number.isFinite(delayMs) && delayMs >= 0) return;
    throw new MockContractError(operationId, `delayMs must be a number >= 0, got ${String(delayMs)}`);
  }
  if (isEnvelope(override)) {
    errorResponse(operationId, override);
    return;
  }
  throw new MockContractError(
    operationId,
    'an override is a handler, {errcode, errmsg}, {delayMs} or "network-error"',
  );
}

/** An object with `errcode` is an envelope; no `data` of the contract has that field. */
export function isEnvelope(value: unknown): value is ErrorAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'errcode' in value;
}

/** The HTTP answer of an error envelope; its status equals `errcode`, as the server's. */
export function errorResponse(operationId: OperationId, answer: unknown): Response {
  const parsed = ErrorEnvelope.safeParse(answer);
  if (!parsed.success) throw violation(operationId, parsed.error.issues, 'error envelope');
  return Response.json(answer, { status: parsed.data.errcode });
}

/** The HTTP answer of success `data`, after checking it against the operation's schema. */
export function successResponse(operationId: OperationId, data: unknown): Response {
  const op = operations[operationId];
  const body = successEnvelope(data, 'data' in op);
  if (!('data' in op) && data !== undefined) {
    throw new MockContractError(
      operationId,
      'the operation answers an envelope without data, the override returned data',
    );
  }
  const schema = 'data' in op ? envelopeOf(op.data) : EmptyEnvelope;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw violation(operationId, parsed.error.issues, 'answer');
  return Response.json(body, { status: 200 });
}

function violation(
  operationId: OperationId,
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  what: string,
): MockContractError {
  const described = issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return new MockContractError(operationId, `${what} ${described}`);
}
