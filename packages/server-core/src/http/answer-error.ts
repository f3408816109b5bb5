import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, RetryLaterError } from '../errors';
import { isStorageUnavailable } from '../storage/unavailable';
import { errorEnvelopeOf } from './error-envelope';

/**
 * The app's `onError`: an `ApiError` is its envelope and status (`Retry-After` with a
 * `RetryLaterError`); the database out of reach is 503; anything else is a 500 that says no more,
 * the error given to `onError` (the host's log) alone.
 */
export function answerError(onError: ((error: unknown) => void) | undefined): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiError) {
      if (error instanceof RetryLaterError) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorEnvelopeOf(error), error.errcode as ContentfulStatusCode);
    }
    if (isStorageUnavailable(error)) {
      // An outage is not a bug: the request log shows the 503s; no stack per request.
      const unavailable = new ApiError(503, 'the database is unavailable; retry later', 'unavailable');
      return c.json(errorEnvelopeOf(unavailable), 503);
    }
    onError?.(error);
    const internal = new ApiError(500, 'internal error; the server log has the details', 'internal');
    return c.json(errorEnvelopeOf(internal), 500);
  };
}
