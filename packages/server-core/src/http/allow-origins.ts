import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { CORS_RULE } from './cors-rule';

/**
 * CORS for browsers on `origins` (exact origins, or `'*'`), after `CORS_RULE`: preflights answered
 * here, the allowed and exposed headers on every answer.
 */
export function allowOrigins(origins: readonly string[] | '*'): MiddlewareHandler {
  return cors({
    origin: origins === '*' ? '*' : [...origins],
    allowMethods: [...CORS_RULE.allowMethods],
    allowHeaders: [...CORS_RULE.allowHeaders],
    exposeHeaders: [...CORS_RULE.exposeHeaders],
    maxAge: CORS_RULE.maxAgeSeconds,
  });
}
