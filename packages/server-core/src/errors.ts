import type { ErrorCode, ErrorIssue, ErrorReason } from '@wsadmin/contract';
import type { z } from 'zod';

type Issue = z.infer<typeof ErrorIssue>;

/** An error answered with the envelope: HTTP status = `errcode`. Thrown by handlers and middleware. */
export class ApiError extends Error {
  constructor(
    readonly errcode: ErrorCode,
    message: string,
    readonly reason: ErrorReason,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * An error whose answer carries `Retry-After`: the same request may pass after that many seconds
 * (a rate limit's 429, a 409 `request_in_progress`).
 */
export class RetryLaterError extends ApiError {
  constructor(
    errcode: ErrorCode,
    message: string,
    reason: ErrorReason,
    /** Whole seconds, at least 1, as `Retry-After` carries them. */
    readonly retryAfterSeconds: number,
  ) {
    super(errcode, message, reason);
    this.name = 'RetryLaterError';
  }
}

/**
 * Work stopped because the client closed the request (hung up, or its body timed out): nobody
 * waits for the answer, so nothing more is done and nothing is written. Answered 499, not an error.
 */
export class RequestAbandonedError extends Error {
  constructor() {
    super('the client closed the request before its answer');
    this.name = 'RequestAbandonedError';
  }
}

/** Throws RequestAbandonedError once `signal` (the request's) has aborted. */
export function stopIfAbandoned(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RequestAbandonedError();
}

export const invalid = (message: string, issues?: Issue[]) =>
  new ApiError(400, message, 'invalid_request', issues);
export const unauthorized = (message: string) => new ApiError(401, message, 'unauthorized');
export const forbidden = (message: string) => new ApiError(403, message, 'forbidden');
export const notFound = (what: string) => new ApiError(404, `${what} not found`, 'not_found');
export const conflict = (message: string) => new ApiError(409, message, 'conflict');

/**
 * An unexpected error for a log line: the stack only. Database errors carry extra fields
 * (PostgreSQL's `detail` quotes the failing row, which may hold a password hash) that must never
 * reach a log.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return typeof error;
}
