/**
 * `@wsadmin/server-core/opentelemetry`: the reference server's OpenTelemetry spans (decision 0031),
 * given to `createApp` and `openStorage` as their `tracing`. The one module of the core that loads
 * `@opentelemetry/api` (an optional peer dependency); the host that turns tracing on registers the
 * context manager and propagator (`@wsadmin/server` does, from the `OTEL_*` variables).
 */
import type { Tracer } from '@opentelemetry/api';
import { traceRequests } from './http/trace-requests';
import type { Tracing } from './http/tracing';
import { traceQuickReads, traceStatements } from './storage/trace-statements';

export type { Tracing } from './http/tracing';

/**
 * Request spans (SERVER) and statement spans (CLIENT) made by `tracer`. Statements are children of
 * their request through the active context, so the process needs a context manager that follows
 * async calls (`AsyncLocalStorageContextManager` of `@opentelemetry/context-async-hooks`).
 *
 * @example
 * const tracing = openTelemetryTracing(provider.getTracer('@wsadmin/server-core'));
 * const storage = await openMemoryStorage({ tracing });
 * const app = createApp({ storage, passwords, tracing });
 */
export function openTelemetryTracing(tracer: Tracer): Tracing {
  return {
    requests: traceRequests(tracer),
    statements: (dialect, system) => traceStatements(tracer, dialect, system),
    quickReads: (read, system) => traceQuickReads(tracer, read, system),
  };
}
