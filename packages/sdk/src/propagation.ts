/**
 * Called with the headers of every attempt just before it is sent, to add trace context
 * (`traceparent`, `tracestate`, `baggage`) from whatever tracer the caller runs. `propagateTraceContext`
 * of `@wsadmin/sdk/opentelemetry` is the one for OpenTelemetry.
 */
export type Propagate = (headers: Headers) => void;

/** `fetch`, with `propagate` run on each request first; `fetch` itself when there is none. */
export function propagating(
  fetch: (request: Request) => Promise<Response>,
  propagate: Propagate | undefined,
): (request: Request) => Promise<Response> {
  if (!propagate) return fetch;
  return (request) => {
    // Each attempt is a Request of its own (transport.ts), its headers still writable.
    propagate(request.headers);
    return fetch(request);
  };
}
