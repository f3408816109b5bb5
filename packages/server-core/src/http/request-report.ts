import type { OperationId } from '@wsadmin/contract';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { RateBucket, RateQuotas } from '../rate-limit/rate-limiter';

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

/** Filled in while a request runs (on its Hono context: `AppEnv`); read once it is answered. */
export type RequestFacts = Partial<
  Pick<RequestReport, 'requestId' | 'route' | 'operationId' | 'keyId' | 'rateLimited'>
> & {
  /** The buckets the request met, for the answer's `RateLimit` fields. */
  quotas?: RateQuotas;
};

/**
 * The template of a route outside the contract (`/docs`); an unmatched request logs as `unmatched`,
 * so raw paths (which may carry ids or junk) never reach logs or metric labels.
 */
export function routeOf(c: Context): string {
  if (c.res.status === 404 || c.res.status === 405) return 'unmatched';
  const path = routePath(c, -1);
  return path.endsWith('*') ? 'unmatched' : path;
}
