import type { OperationId } from '@wsadmin/contract';
import type { RateBucket } from '../rate-limit/rate-limiter';

/** What the app tells its host about each finished request (logs, metrics): never a secret. */
export interface RequestReport {
  requestId: string;
  method: string;
  /** The route template (`/openapi/v1/workspaces/{workspaceId}/`), never the raw path with its ids. */
  route: string;
  /** The contract operation, when the request reached one. */
  operationId: OperationId | undefined;
  status: number;
  durationMs: number;
  /** Id of the authenticated access key (`key_…`), never its secret. */
  keyId: string | undefined;
  /** The bucket that refused the request (answered 429). */
  rateLimited: RateBucket | undefined;
}

/** Filled in while a request runs; read once it is answered. */
export type RequestFacts = Partial<
  Pick<RequestReport, 'requestId' | 'route' | 'operationId' | 'keyId' | 'rateLimited'>
>;

// Keyed by the Request object, so the app needs no typed Hono variables and nothing outlives the request.
const facts = new WeakMap<Request, RequestFacts>();

export function factsOf(request: Request): RequestFacts {
  let found = facts.get(request);
  if (!found) {
    found = {};
    facts.set(request, found);
  }
  return found;
}
