import { context, propagation, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { createKey, hashSecret } from './auth/keys';
import { pbkdf2Passwords } from './auth/pbkdf2-passwords';
import { AdjustableClock } from './clock';
import { openTelemetryTracing } from './opentelemetry';
import { openMemoryStorage } from './storage/memory';
import type { Storage } from './storage/storage';

const BASE = 'http://wsadmin.test';
const PASSWORD = 'correct horse battery staple 42';
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracing = openTelemetryTracing(provider.getTracer('@wsadmin/server-core'));
const clock = new AdjustableClock();
let storage: Storage;
let app: ReturnType<typeof createApp>;
let secret: string;
let keyId: string;

beforeAll(async () => {
  // What a host that turns tracing on registers: the context that follows awaits, and W3C headers.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  storage = await openMemoryStorage({ now: () => clock.now(), tracing });
  const key = await createKey(storage.db, clock.now(), { name: 'traced' });
  secret = key.secret;
  keyId = key.id;
  app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), tracing });
});
afterAll(async () => {
  await storage.close();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());
afterEach(() => vi.restoreAllMocks());

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN_ID = 'b7ad6b7169203331';
const traceHeaders = {
  traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`,
  tracestate: 'vendor=opaque,other=7',
};
const call = (path: string, init: RequestInit = {}) =>
  app.request(`${BASE}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
  });
const serverSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
const childrenOf = (parent: ReadableSpan) =>
  exporter
    .getFinishedSpans()
    .filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

describe('request spans (HTTP server semantic conventions)', () => {
  it('names the span by method and route template and records the operation, status and key id', async () => {
    const created = await call('/openapi/v1/workspaces/', { method: 'POST', body: '{"name":"traced"}' });
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    exporter.reset();
    const read = await call(`/openapi/v1/workspaces/${id}/`, { headers: { 'user-agent': 'trace-test/1' } });
    expect(read.status).toBe(200);
    const [span] = serverSpans();
    expect(span?.name).toBe('GET /openapi/v1/workspaces/{workspaceId}/');
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/openapi/v1/workspaces/{workspaceId}/',
      'http.response.status_code': 200,
      'url.path': `/openapi/v1/workspaces/${id}/`,
      'url.scheme': 'http',
      'server.address': 'wsadmin.test',
      'user_agent.original': 'trace-test/1',
      'wsadmin.operation_id': 'getWorkspace',
      'wsadmin.key.id': keyId,
    });
    expect(span?.attributes['wsadmin.request_id']).toBe(read.headers.get('x-request-id'));
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it.each([
    ['http://[::1]:8080/openapi/v1/workspaces/', '::1', 8080, 'http'],
    ['https://wsadmin.example.com/openapi/v1/workspaces/', 'wsadmin.example.com', undefined, 'https'],
  ])('reads the server address and port of %s', async (url, address, port, scheme) => {
    await app.request(url, { headers: { authorization: `Bearer ${secret}` } });
    const [span] = serverSpans();
    expect(span?.attributes['server.address']).toBe(address);
    expect(span?.attributes['server.port']).toBe(port);
    expect(span?.attributes['url.scheme']).toBe(scheme);
    expect(span?.attributes['url.path']).toBe('/openapi/v1/workspaces/');
  });

  it("continues the caller's trace: its traceparent is the parent, its tracestate carried on", async () => {
    await call('/openapi/v1/workspaces/', { headers: traceHeaders });
    const [span] = serverSpans();
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(span?.spanContext().traceState?.serialize()).toBe(traceHeaders.tracestate);
  });

  it("reads the trace headers and the user agent from Node's raw headers under @hono/node-server", async () => {
    // What @hono/node-server passes as `c.env`: its headers read there build no Fetch Headers.
    const rawHeaders = [
      'Authorization',
      `Bearer ${secret}`,
      'TraceParent',
      traceHeaders.traceparent,
      'User-Agent',
      'raw-agent/1',
    ];
    const request = new Request(`${BASE}/openapi/v1/workspaces/`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    const headers = vi.spyOn(request, 'headers', 'get');
    expect((await app.request(request, undefined, { incoming: { rawHeaders } })).status).toBe(200);
    const [span] = serverSpans();
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(span?.attributes['user_agent.original']).toBe('raw-agent/1');
    expect(headers).not.toHaveBeenCalled();
  });

  it("records nothing of a request whose caller's trace is not sampled, its statements included", async () => {
    const unsampled = { traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-00` };
    const created = await call('/openapi/v1/workspaces/', {
      method: 'POST',
      body: '{"name":"unsampled"}',
      headers: unsampled,
    });
    expect(created.status).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('enters no context for a request its own sampler drops, and its statements make no span', async () => {
    // A root sampler that keeps nothing, for requests only: the statements' tracer keeps everything,
    // so a statement span here would mean it ran without knowing its request was dropped.
    const dropping = new BasicTracerProvider({
      sampler: new TraceIdRatioBasedSampler(0),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const requests = openTelemetryTracing(dropping.getTracer('dropping')).requests;
    const droppingApp = createApp({
      storage,
      clock,
      passwords: pbkdf2Passwords(1000),
      tracing: { ...tracing, requests },
    });
    const entered = vi.spyOn(context, 'with');
    const created = await droppingApp.request(`${BASE}/openapi/v1/workspaces/`, {
      method: 'POST',
      body: '{"name":"dropped"}',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    });
    expect(created.status).toBe(200);
    expect(entered).not.toHaveBeenCalled();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('enters the span as the context of a request it keeps', async () => {
    const entered = vi.spyOn(context, 'with');
    await call('/openapi/v1/workspaces/');
    // Entered at least once: the span processor enters contexts of its own when it exports.
    expect(entered).toHaveBeenCalled();
    expect(serverSpans()).toHaveLength(1);
  });

  it('starts a trace of its own without traceparent', async () => {
    await call('/openapi/v1/workspaces/');
    const [span] = serverSpans();
    expect(span?.spanContext().traceId).not.toBe(TRACE_ID);
    expect(span?.parentSpanContext).toBeUndefined();
  });

  it('leaves a 4xx unset (the client erred) and names an unmatched path by its method only', async () => {
    const refused = await app.request(`${BASE}/openapi/v1/workspaces/`);
    expect(refused.status).toBe(401);
    await app.request(`${BASE}/no/such/path`);
    const [unauthorized, unmatched] = serverSpans();
    expect(unauthorized?.status.code).toBe(SpanStatusCode.UNSET);
    expect(unauthorized?.attributes['http.response.status_code']).toBe(401);
    expect(unauthorized?.attributes['wsadmin.key.id']).toBeUndefined();
    expect(unmatched?.name).toBe('GET');
    expect(unmatched?.attributes['http.route']).toBeUndefined();
    expect(unmatched?.attributes['http.response.status_code']).toBe(404);
  });
});

describe('statement spans (database semantic conventions)', () => {
  it("makes each statement a CLIENT child of the request's span, with its SQL and never its values", async () => {
    const created = await call('/openapi/v1/workspaces/', {
      method: 'POST',
      body: '{"name":"Statement Name 8d1"}',
      headers: traceHeaders,
    });
    expect(created.status).toBe(200);
    const [server] = serverSpans();
    if (!server) throw new Error('no server span');
    const statements = childrenOf(server);
    expect(statements.length).toBeGreaterThan(1);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.spanContext().traceId).toBe(TRACE_ID);
      expect(statement.attributes['db.system.name']).toBe('sqlite');
      expect(statement.attributes['db.query.text']).toEqual(expect.any(String));
    }
    const insert = statements.find((span) => span.attributes['db.operation.name'] === 'INSERT');
    expect(insert?.name).toBe('INSERT workspaces');
    expect(insert?.attributes['db.collection.name']).toBe('workspaces');
    expect(insert?.attributes['db.query.text']).toMatch(/^insert into "workspaces" .*\?/);
    // The workspace's name went in as a parameter: no statement span holds it.
    expect(JSON.stringify(statements.map((span) => span.attributes))).not.toContain('Statement Name 8d1');
    // BEGIN and COMMIT of the write transaction are statements too.
    const operations = statements.map((span) => span.attributes['db.operation.name']);
    expect(operations).toEqual(expect.arrayContaining(['BEGIN', 'COMMIT']));
  });

  it('makes no span for a statement outside any request', async () => {
    await storage.db.selectFrom('workspaces').select('id').execute();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('keeps the key secret, its digest, the Authorization header and a password out of every attribute', async () => {
    const created = await call('/openapi/v1/accounts/', {
      method: 'POST',
      body: JSON.stringify({ username: 'traceduser', password: PASSWORD }),
    });
    expect(created.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThan(2);
    const everyValue = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]));
    for (const secretText of [secret, await hashSecret(secret), PASSWORD])
      expect(everyValue).not.toContain(secretText);
    expect(everyValue.toLowerCase()).not.toContain('authorization');
  });

  it('marks a 5xx answer and its failed statement as errors', async () => {
    const broken = await openMemoryStorage({ now: () => clock.now(), tracing });
    const brokenApp = createApp({ storage: broken, clock, passwords: pbkdf2Passwords(1000), tracing });
    await broken.db.schema.dropTable('access_keys').execute();
    exporter.reset();
    const answer = await brokenApp.request(`${BASE}/openapi/v1/workspaces/`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    await broken.close();
    expect(answer.status).toBe(500);
    const [server] = serverSpans();
    expect(server?.status.code).toBe(SpanStatusCode.ERROR);
    expect(server?.attributes['error.type']).toBe('500');
    const failed = exporter.getFinishedSpans().filter((span) => span.status.code === SpanStatusCode.ERROR);
    expect(failed.some((span) => span.kind === SpanKind.CLIENT)).toBe(true);
  });
});
