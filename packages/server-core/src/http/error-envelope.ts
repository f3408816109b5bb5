import { errorEnvelope } from '@wsadmin/contract';
import type { ApiError } from '../errors';

/** The contract's error envelope of an `ApiError`: its errcode, message, reason and issues. */
export function errorEnvelopeOf(error: ApiError): ReturnType<typeof errorEnvelope> {
  return errorEnvelope(error.errcode, error.message, error.reason, error.issues);
}
