import { REQUEST_ID_HEADER } from './request-id';

/**
 * What a browser on another origin may send and read (the app's CORS middleware). Hosts that
 * answer CORS in front of the app (the mock's `wsadmin-mock` command) use the same rule.
 */
export const CORS_RULE = {
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', REQUEST_ID_HEADER],
  exposeHeaders: ['Retry-After', 'RateLimit-Policy', 'RateLimit', REQUEST_ID_HEADER],
  // Browsers cap this (Chromium: 2 h); it saves a preflight per call.
  maxAgeSeconds: 7200,
} as const;
