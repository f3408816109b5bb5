import type { MiddlewareHandler } from 'hono';
import type { StatementTracing } from '../storage/statement-tracing';

/**
 * OpenTelemetry for the app and its storage (decision 0031), made by `openTelemetryTracing` of
 * `@wsadmin/server-core/opentelemetry`, the only module that loads `@opentelemetry/api`. The core
 * holds this shape alone: without it (the default, and always in the mock) nothing is wrapped and
 * no OpenTelemetry module is loaded. Give the same one to `openStorage` and `createApp`.
 */
export interface Tracing extends StatementTracing {
  /** The SERVER span of each request, continuing the caller's `traceparent`; the app's outermost middleware. */
  readonly requests: MiddlewareHandler;
}
