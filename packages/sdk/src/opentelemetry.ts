/**
 * `@wsadmin/sdk/opentelemetry`: trace context for the SDK's requests from OpenTelemetry, an
 * optional peer dependency (`@opentelemetry/api`) that the main entry never loads.
 */
import { context, propagation, type TextMapSetter } from '@opentelemetry/api';
import type { Propagate } from './propagation';

const headerSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

/**
 * The `propagate` option that sends the active OpenTelemetry context: `traceparent` and
 * `tracestate` (and `baggage`), as the globally registered propagator writes them (the
 * OpenTelemetry Node SDK registers the W3C ones). Without an active span it adds nothing.
 *
 * @example
 * import { createClient } from '@wsadmin/sdk';
 * import { propagateTraceContext } from '@wsadmin/sdk/opentelemetry';
 *
 * const client = createClient({ baseUrl, key, propagate: propagateTraceContext });
 */
export const propagateTraceContext: Propagate = (headers) =>
  propagation.inject(context.active(), headers, headerSetter);

export type { Propagate } from './propagation';
