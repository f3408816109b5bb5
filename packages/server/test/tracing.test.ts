import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createClient } from '@wsadmin/sdk';
import { propagateTraceContext } from '@wsadmin/sdk/opentelemetry';
import { AdjustableClock, createApp, createKey, pbkdf2Passwords } from '@wsadmin/server-core';
import { openTelemetryTracing } from '@wsadmin/server-core/opentelemetry';
import { type RuntimeServer, serveOnRuntime } from '@wsadmin/server-core/server-kit';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import {
  collect,
  listeningUrl,
  spawnTsx,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readConfig } from '../src/config';
import { nodeHost } from '../src/node-host';
import { openPostgresStorage } from '../src/postgres';

const SECRET = 'wsk_tracing-test-bootstrap-secret';
const PASSWORD = 'tracing test password 1234';

describe('a trace from a caller through the SDK and the Node server to its SQL (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('caller');
  let server: RuntimeServer;

  beforeAll(async () => {
    // The caller's process and the server share this one here: one context manager and propagator.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const config = readConfig({
      PORT: '0',
      DATABASE_URL: 'sqlite::memory:',
      WSADMIN_BOOTSTRAP_KEY: SECRET,
      LOG_LEVEL: 'silent',
    });
    // The Node host as `wsadmin-server` runs it, its tracing given the test's exporter.
    server = await serveOnRuntime(
      {
        ...nodeHost(config),
        tracing: async () => ({
          tracing: openTelemetryTracing(provider.getTracer('@wsadmin/server')),
          shutdown: () => provider.forceFlush(),
        }),
      },
      config,
    );
  });
  afterAll(async () => {
    await server?.close();
    context.disable();
    propagation.disable();
  });

  const traced = <T>(name: string, work: () => Promise<T>) =>
    tracer.startActiveSpan(name, async (span) => {
      try {
        return { result: await work(), caller: span };
      } finally {
        span.end();
      }
    });
  const childrenOf = (parent: Pick<ReadableSpan, 'spanContext'>) =>
    exporter
      .getFinishedSpans()
      .filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

  it('links caller span -> server span -> statement spans, over real HTTP', async () => {
    const client = createClient({ baseUrl: server.url, key: SECRET, propagate: propagateTraceContext });
    const created = await client.workspaces.create({ name: 'Traced' });
    exporter.reset();
    const { result, caller } = await traced('caller reads a workspace', () =>
      client.workspaces.get(created.id),
    );
    expect(result.name).toBe('Traced');
    const servers = childrenOf(caller);
    expect(servers.map((span) => [span.name, span.kind])).toEqual([
      ['GET /openapi/v1/workspaces/{workspaceId}/', SpanKind.SERVER],
    ]);
    const [request] = servers as [ReadableSpan];
    expect(request.spanContext().traceId).toBe(caller.spanContext().traceId);
    expect(request.attributes).toMatchObject({
      'http.route': '/openapi/v1/workspaces/{workspaceId}/',
      'http.response.status_code': 200,
      'wsadmin.operation_id': 'getWorkspace',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
    });
    expect(request.attributes['wsadmin.key.id']).toMatch(/^key_/);
    const statements = childrenOf(request);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.attributes['db.system.name']).toBe('sqlite');
      expect(statement.attributes['db.operation.name']).toBe('SELECT');
    }
    // better-sqlite3's quick reads (outside Kysely) are statements too: the workspace's row.
    expect(statements.map((span) => span.attributes['db.collection.name'])).toContain('workspaces');
  });

  it('names no secret, password or Authorization value in any span', async () => {
    const client = createClient({ baseUrl: server.url, key: SECRET, propagate: propagateTraceContext });
    exporter.reset();
    await traced('caller creates an account', () =>
      client.accounts.create({ username: 'traceduser', password: PASSWORD }),
    );
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(1);
    const everything = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]));
    for (const secret of [SECRET, PASSWORD]) expect(everything).not.toContain(secret);
    expect(everything.toLowerCase()).not.toContain('authorization');
    expect(everything.toLowerCase()).not.toContain('bearer');
  });

  it('sends no traceparent where no span is active', async () => {
    const client = createClient({ baseUrl: server.url, key: SECRET, propagate: propagateTraceContext });
    exporter.reset();
    await client.workspaces.list();
    const [request] = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(request?.parentSpanContext).toBeUndefined();
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});

interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: {
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
      }[];
    }[];
  }[];
}

describe('wsadmin-server with OTEL_EXPORTER_OTLP_ENDPOINT (OTLP/HTTP to a local receiver)', () => {
  const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
  let receiver: Server;
  const database = tempDatabase('wsadmin-otlp-');

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      request.on('end', () => {
        exports.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'] ?? '',
          body: JSON.parse(text) as OtlpExport,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  });
  afterAll(async () => {
    await new Promise((closed) => receiver.close(closed));
    database.remove();
  });

  it('exports the request span, continuing the traceparent it was sent, to the collector', async () => {
    const { port } = receiver.address() as AddressInfo;
    const child = spawnTsx('packages/server/src/bin/start.ts', [], {
      PORT: '0',
      DATABASE_URL: database.url,
      WSADMIN_BOOTSTRAP_KEY: SECRET,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_SERVICE_NAME: 'wsadmin-otlp-test',
      // Export each batch soon rather than after the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const output = collect(child);
    try {
      const url = await listeningUrl(child, output);
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const callerSpanId = '00f067aa0ba902b7';
      const answer = await fetch(`${url}/openapi/v1/workspaces/`, {
        headers: { authorization: `Bearer ${SECRET}`, traceparent: `00-${traceId}-${callerSpanId}-01` },
      });
      expect(answer.status).toBe(200);
      const spans = () =>
        exports.flatMap(({ body }) =>
          body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
        );
      await waitFor(
        spans,
        (seen) => seen.some((span) => span.name === 'GET /openapi/v1/workspaces/'),
        20_000,
      );
      const request = spans().find((span) => span.name === 'GET /openapi/v1/workspaces/');
      expect(exports[0]?.path).toBe('/v1/traces');
      expect(exports[0]?.contentType).toContain('application/json');
      expect(request?.traceId.toLowerCase()).toBe(traceId);
      expect(request?.parentSpanId?.toLowerCase()).toBe(callerSpanId);
      expect(request?.kind).toBe(2); // SPAN_KIND_SERVER
      expect(request?.attributes).toContainEqual({
        key: 'wsadmin.operation_id',
        value: { stringValue: 'listWorkspaces' },
      });
      const statements = spans().filter((span) => span.parentSpanId === request?.spanId);
      expect(statements.length).toBeGreaterThan(0);
      const serviceNames = exports.flatMap(({ body }) =>
        body.resourceSpans.flatMap((resource) =>
          resource.resource.attributes.filter((attribute) => attribute.key === 'service.name'),
        ),
      );
      expect(serviceNames[0]?.value.stringValue).toBe('wsadmin-otlp-test');
      expect(JSON.stringify(exports)).not.toContain(SECRET);
    } finally {
      await stop(child);
    }
  }, 90_000);
});

const adminUrl = inject('postgresAdminUrl');

describe('statement spans on PostgreSQL (pg, its prepared quick reads included)', () => {
  const admin = adminUrl;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracing = openTelemetryTracing(provider.getTracer('@wsadmin/server'));
  let databaseUrl = '';

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    databaseUrl = await createTestDatabase(admin, 'tracing');
  });
  afterAll(async () => {
    context.disable();
    await dropTestDatabase(admin, databaseUrl);
  });

  it('records each statement of a write and a read with postgresql, its $n placeholders and no value', async () => {
    const storage = await openPostgresStorage(databaseUrl, () => new Date(), { tracing });
    try {
      const clock = new AdjustableClock();
      const { secret } = await createKey(storage.db, clock.now(), { name: 'pg' });
      const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), tracing });
      const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
      const created = await app.request('/openapi/v1/workspaces/', {
        method: 'POST',
        headers,
        body: '{"name":"Postgres Name 5e2"}',
      });
      const { id } = ((await created.json()) as { data: { id: number } }).data;
      exporter.reset();
      await app.request(`/openapi/v1/workspaces/${id}/`, {
        headers: { authorization: headers.authorization },
      });
      await app.request('/openapi/v1/workspaces/', {
        method: 'POST',
        headers,
        body: '{"name":"Second 7f4"}',
      });
      const spans = exporter.getFinishedSpans();
      const servers = spans.filter((span) => span.kind === SpanKind.SERVER);
      expect(servers).toHaveLength(2);
      const statements = spans.filter((span) => span.kind === SpanKind.CLIENT);
      for (const statement of statements) {
        expect(statement.attributes['db.system.name']).toBe('postgresql');
        expect(servers.map((server) => server.spanContext().spanId)).toContain(
          statement.parentSpanContext?.spanId,
        );
      }
      const texts = statements.map((span) => String(span.attributes['db.query.text']));
      expect(texts.some((text) => /"workspaces".*\$1/.test(text))).toBe(true);
      expect(statements.map((span) => span.attributes['db.operation.name'])).toEqual(
        expect.arrayContaining(['SELECT', 'INSERT', 'BEGIN', 'COMMIT']),
      );
      const everything = JSON.stringify(spans.map((span) => span.attributes));
      for (const value of [secret, 'Postgres Name 5e2', 'Second 7f4'])
        expect(everything).not.toContain(value);
    } finally {
      await storage.close();
    }
  });
});
