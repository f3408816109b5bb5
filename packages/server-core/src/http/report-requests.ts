import type { MiddlewareHandler } from 'hono';
import { rateLimitFields } from '../rate-limit/rate-limit-fields';
import type { AppEnv } from './app-env';
import { headerOf } from './request-headers';
import { carriesRequestId, REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { type RequestFacts, type RequestReport, routeOf } from './request-report';

/** Where each answered request is told: options of `createApp` (`AppOptions` extends this). */
export interface RequestReporting {
  /** One line per request; omit for silence. */
  log?: ((line: string) => void) | undefined;
  /** Called once per answered request (logs, metrics). Never given a secret. */
  onRequestDone?: ((report: RequestReport) => void) | undefined;
}

/**
 * The app's outermost middleware (inside tracing alone): every answer, errors and preflights
 * included, carries the request id (`X-Request-Id`: the incoming one when well-formed, else a fresh
 * UUID) and the `RateLimit` fields of the buckets it met, and is logged and reported with its route
 * template. It sets the request's facts on the context, which every later step fills in.
 */
export function reportRequests(reporting: RequestReporting): MiddlewareHandler<AppEnv> {
  const { log, onRequestDone } = reporting;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(headerOf(c, 'x-request-id'));
    const facts: RequestFacts = { requestId };
    c.set('facts', facts);
    await next();
    if (!carriesRequestId(c.res)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const fields = rateLimitFields(facts.quotas);
    if (fields) {
      c.res.headers.set('RateLimit-Policy', fields.policy);
      c.res.headers.set('RateLimit', fields.state);
    }
    const durationMs = performance.now() - started;
    const route = facts.route ?? routeOf(c);
    log?.(`${c.req.method} ${route} ${c.res.status} ${durationMs.toFixed(1)}ms`);
    onRequestDone?.({
      requestId,
      method: c.req.method,
      route,
      operationId: facts.operationId,
      status: c.res.status,
      durationMs,
      keyId: facts.keyId,
      rateLimited: facts.rateLimited,
    });
  };
}
