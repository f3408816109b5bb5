import { errorEnvelope } from '@wsadmin/contract';
import { ApiError, RequestAbandonedError } from '../errors';

/** The status nginx coined for "client closed request": not a server failure, and no one reads it. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether `error` only says that the client went away: work stopped for an aborted request, or its
 * body could not be read because the client hung up or Node's request timeout cut it off (the
 * socket error then looks like a lost database connection, and was answered 503). Errors the
 * request itself caused (ApiError) keep their own status.
 */
export function isAbandoned(request: Request, error: unknown): boolean {
  if (error instanceof RequestAbandonedError) return true;
  return !(error instanceof ApiError) && request.signal.aborted;
}

/**
 * The answer logged and counted for an abandoned request (the client is gone and never sees it;
 * the app's outermost middleware adds the request id).
 */
export function abandonedAnswer(): Response {
  const body = errorEnvelope(
    CLIENT_CLOSED_REQUEST,
    'the client closed the request before its answer',
    'aborted',
  );
  return new Response(JSON.stringify(body), {
    status: CLIENT_CLOSED_REQUEST,
    headers: { 'content-type': 'application/json' },
  });
}
