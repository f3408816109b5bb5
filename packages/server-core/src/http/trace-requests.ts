import {
  type Attributes,
  context,
  type Context as OtelContext,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from './app-env';
import { headerOf } from './request-headers';
import { type RequestFacts, routeOf } from './request-report';

/** The methods HTTP semantic conventions name as they are; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/**
 * The request's headers as the propagator reads them (`traceparent`, `tracestate`, `baggage`),
 * through `headerOf`: under @hono/node-server from Node's raw list, without building the Fetch
 * `Headers` of every header that `c.req.raw.headers` would (most of what extracting cost there).
 */
const headerGetter: TextMapGetter<Context> = {
  keys: (c) => [...c.req.raw.headers.keys()],
  get: (c, key) => headerOf(c, key.toLowerCase() as Lowercase<string>),
};

/**
 * The SERVER span of each request, after OpenTelemetry's HTTP server semantic conventions: named
 * `GET /openapi/v1/workspaces/{workspaceId}/` (method and route template), a child of the caller's
 * span when the request carries `traceparent` (and `tracestate`, through the registered propagator),
 * active while the request runs so that the statements' spans are its children. Besides the
 * conventional attributes it names the operation (`wsadmin.operation_id`), the key (`wsadmin.key.id`:
 * its id, never its secret) and the request id. It records no header but the user agent, no query
 * and no body: those may carry a key, a password or a login.
 *
 * A request the sampler drops costs the sampler's decision and nothing more (decisions 0031, 0040):
 * no context is entered (its statements, seeing no recording span, make none either), no attribute
 * is built, no promise wraps it. The sampler sees the method and path at the start; the other
 * attributes are set on a span it kept, all at once at its end (each `setAttributes` checks every
 * value it is given). The Node server's tracer draws a new trace before the SDK makes a span
 * (packages/server/src/new-trace-draw.ts).
 */
export function traceRequests(tracer: Tracer): MiddlewareHandler {
  // Not an async function: a dropped request returns the next handler's promise itself, with no
  // promise of this function's around it.
  return (c, next) => {
    const method = c.req.method;
    const known = KNOWN_METHODS.has(method);
    const parent = propagation.extract(ROOT_CONTEXT, c, headerGetter);
    const span = tracer.startSpan(
      known ? method : 'HTTP',
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': known ? method : '_OTHER', 'url.path': c.req.path },
      },
      parent,
    );
    if (!span.isRecording()) return next();
    return traced(c, next, span, parent, known);
  };
}

async function traced(c: Context, next: Next, span: Span, parent: OtelContext, known: boolean) {
  try {
    await context.with(trace.setSpan(parent, span), next);
  } finally {
    endSpan(span, c, known ? c.req.method : 'HTTP', requestAttributes(c, known));
  }
}

/** The attributes of a kept request's span beyond those the sampler saw, set with the answer's (one call). */
function requestAttributes(c: Context, known: boolean): Attributes {
  // Read off the URL's text rather than parsed again (`new URL` cost more than the span itself).
  const { scheme, host, port } = originOf(c.req.url);
  const attributes: Attributes = { 'url.scheme': scheme, 'server.address': host };
  if (!known) attributes['http.request.method_original'] = c.req.method;
  if (port) attributes['server.port'] = port;
  const userAgent = headerOf(c, 'user-agent');
  if (userAgent) attributes['user_agent.original'] = userAgent;
  return attributes;
}

const NO_FACTS: RequestFacts = Object.freeze({});

/** The request's other attributes and the answer's, the route in the name, and the end of the span. */
function endSpan(span: Span, c: Context<AppEnv>, methodName: string, attributes: Attributes): void {
  // None where the app's outermost middleware never ran (this middleware in another Hono app).
  const facts: RequestFacts = c.get('facts') ?? NO_FACTS;
  const route = facts.route ?? routeOf(c);
  const status = c.res.status;
  attributes['http.response.status_code'] = status;
  if (route !== 'unmatched') {
    attributes['http.route'] = route;
    span.updateName(`${methodName} ${route}`);
  }
  if (facts.operationId) attributes['wsadmin.operation_id'] = facts.operationId;
  if (facts.keyId) attributes['wsadmin.key.id'] = facts.keyId;
  if (facts.requestId) attributes['wsadmin.request_id'] = facts.requestId;
  // A server's 4xx is the client's mistake, not the server's error (semantic conventions).
  if (status >= 500) {
    attributes['error.type'] = String(status);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.setAttributes(attributes);
  span.end();
}

/** Scheme, host and port of an absolute URL as a Request holds it (`http://127.0.0.1:8787/…`). */
function originOf(url: string): { scheme: string; host: string; port: number | undefined } {
  const schemeEnd = url.indexOf('://');
  const authorityEnd = url.indexOf('/', schemeEnd + 3);
  const withUser = url.slice(schemeEnd + 3, authorityEnd === -1 ? undefined : authorityEnd);
  // Never a user or password of the URL in a span.
  const authority = withUser.slice(withUser.lastIndexOf('@') + 1);
  // An IPv6 host is bracketed (`[::1]:8787`): its port follows the bracket.
  const portStart = authority.lastIndexOf(':');
  const hasPort = portStart > authority.lastIndexOf(']');
  const host = hasPort ? authority.slice(0, portStart) : authority;
  return {
    scheme: url.slice(0, schemeEnd),
    host: host.startsWith('[') ? host.slice(1, -1) : host,
    port: hasPort ? Number(authority.slice(portStart + 1)) : undefined,
  };
}
