import { SpanKind } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { type RuntimeServer, serveOnRuntime } from '@wsadmin/server-core/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { nodeHost } from '../src/node-host';
import { startTracing } from '../src/tracing';

const SECRET = 'wsk_tracing-context-test-secret';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0736a1';
const CALLER_SPAN = '00f067aa0ba902b7';

/** Keeps what it is sent, after its shutdown too (the in-memory exporter forgets at shutdown). */
class KeepingExporter implements SpanExporter {
  readonly spans: ReadableSpan[] = [];
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.spans.push(...spans);
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

describe("the Node server's own tracing (startTracing: its context manager, the default parent-based sampler)", () => {
  const exporter = new KeepingExporter();
  let server: RuntimeServer;
  let spans: ReadableSpan[] = [];

  beforeAll(async () => {
    const config = readConfig({
      PORT: '0',
      DATABASE_URL: 'sqlite::memory:',
      WSADMIN_BOOTSTRAP_KEY: SECRET,
      LOG_LEVEL: 'silent',
      OTEL_TRACES_EXPORTER: 'otlp',
    });
    const settings = config.tracing;
    if (!settings) throw new Error('OTEL_TRACES_EXPORTER=otlp turns traces on');
    server = await serveOnRuntime(
      { ...nodeHost(config), tracing: () => startTracing(settings, { exporters: [exporter] }) },
      config,
      { bootstrapKey: true },
    );
    const send = (name: string, traceparent?: string) =>
      fetch(`${server.url}/openapi/v1/workspaces/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET}`,
          'content-type': 'application/json',
          ...(traceparent ? { traceparent } : {}),
        },
        body: JSON.stringify({ name }),
      }).then(async (response) => expect(response.status, await response.text()).toBe(200));
    // Writes at once (each a transaction of several statements, interleaved in one process), one
    // continuing a sampled caller, one whose caller was not sampled.
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(`Concurrent ${i}`)),
      send('Continued', `00-${TRACE_ID}-${CALLER_SPAN}-01`),
      send('Not sampled', `00-${'1'.repeat(32)}-${'2'.repeat(16)}-00`),
    ]);
    // The stop exports the spans still queued in the batch.
    await server.close();
    spans = exporter.spans;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('makes every statement a child of its own request, requests at once included', () => {
    const requests = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(requests).toHaveLength(7);
    const byId = new Map(requests.map((span) => [span.spanContext().spanId, span]));
    for (const request of requests) {
      const statements = spans.filter(
        (span) => span.parentSpanContext?.spanId === request.spanContext().spanId,
      );
      expect(statements.map((span) => span.attributes['db.operation.name'])).toEqual(
        expect.arrayContaining(['BEGIN', 'INSERT', 'COMMIT']),
      );
    }
    for (const statement of spans.filter((span) => span.kind === SpanKind.CLIENT)) {
      const parent = byId.get(statement.parentSpanContext?.spanId ?? '');
      expect(parent, statement.name).toBeDefined();
      expect(statement.spanContext().traceId).toBe(parent?.spanContext().traceId);
    }
  });

  it("continues a sampled caller's trace and records nothing of a request whose caller was not sampled", () => {
    const continued = spans.filter((span) => span.spanContext().traceId === TRACE_ID);
    const request = continued.find((span) => span.kind === SpanKind.SERVER);
    expect(request?.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(continued.length).toBeGreaterThan(1);
    expect(spans.filter((span) => span.spanContext().traceId === '1'.repeat(32))).toEqual([]);
    // No statement outside a request's trace (the dropped request's statements made none).
    const traces = new Set(
      spans.filter((span) => span.kind === SpanKind.SERVER).map((s) => s.spanContext().traceId),
    );
    for (const span of spans) expect(traces.has(span.spanContext().traceId)).toBe(true);
  });
});
