import * as api from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import type { TracingSettings } from '@wsadmin/server-core/server-kit';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewTraceDraw, newTraceShare } from '../src/new-trace-draw';
import { startTracing } from '../src/tracing';

const CALLER = (flags: '00' | '01') =>
  api.trace.setSpanContext(api.ROOT_CONTEXT, {
    traceId: '4bf92f3577b34da6a3ce929d0e0736a1',
    spanId: '00f067aa0ba902b7',
    traceFlags: flags === '01' ? api.TraceFlags.SAMPLED : api.TraceFlags.NONE,
    isRemote: true,
  });

/** A tracer as `startTracing` makes it: the draw's tracer over a provider with the draw's sampler. */
function drawnTracer(share: number, sampler: Sampler) {
  const exporter = new InMemorySpanExporter();
  const draw = new NewTraceDraw(api, share);
  const provider = new BasicTracerProvider({
    sampler: draw.sampler(sampler),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const inner = provider.getTracer('test');
  const asked = vi.spyOn(inner, 'startSpan');
  return { tracer: draw.tracer(inner), asked, exporter };
}

afterEach(() => vi.restoreAllMocks());

describe('new traces drawn before the SDK makes a span (decision 0040)', () => {
  it('drops a new trace at share 0 without asking the SDK, and leaves a continued one to its sampler', () => {
    const { tracer, asked } = drawnTracer(
      0,
      new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) }),
    );
    const dropped = tracer.startSpan('GET', {}, api.ROOT_CONTEXT);
    expect(dropped.isRecording()).toBe(false);
    expect(api.isSpanContextValid(dropped.spanContext())).toBe(false);
    expect(asked).not.toHaveBeenCalled();
    const continued = tracer.startSpan('GET', {}, CALLER('01'));
    expect(continued.isRecording()).toBe(true);
    expect(continued.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0736a1');
    expect(tracer.startSpan('GET', {}, CALLER('00')).isRecording()).toBe(false);
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('keeps a drawn trace and every span under it, whatever the wrapped ratio says of its id', () => {
    // The wrapped sampler (plain traceidratio 0) keeps nothing: only the draw's mark can keep these.
    const { tracer, exporter } = drawnTracer(0.25, new TraceIdRatioBasedSampler(0));
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0.3);
    expect(tracer.startSpan('GET', {}, api.ROOT_CONTEXT).isRecording()).toBe(false);
    random.mockReturnValueOnce(0.1);
    const request = tracer.startSpan('GET', {}, api.ROOT_CONTEXT);
    expect(request.isRecording()).toBe(true);
    // A statement's span: started in the context the request's span is set in (not drawn again).
    const statement = tracer.startSpan('SELECT', {}, api.trace.setSpan(api.ROOT_CONTEXT, request));
    statement.end();
    request.end();
    const [child, parent] = exporter.getFinishedSpans();
    expect(child?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(child?.spanContext().traceId).toBe(parent?.spanContext().traceId);
  });

  it("keeps about the share's fraction of new traces", () => {
    const { tracer } = drawnTracer(0.1, new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) }));
    let kept = 0;
    for (let i = 0; i < 10_000; i++) if (tracer.startSpan('GET', {}, api.ROOT_CONTEXT).isRecording()) kept++;
    // 1,000 expected, standard deviation 30: outside 850-1,150 once in a few million runs.
    expect(kept).toBeGreaterThan(850);
    expect(kept).toBeLessThan(1150);
  });

  it('runs startActiveSpan with the span active', () => {
    const { tracer } = drawnTracer(1, new TraceIdRatioBasedSampler(1));
    const manager = new (class implements api.ContextManager {
      current = api.ROOT_CONTEXT;
      active = () => this.current;
      with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
        context: api.Context,
        fn: F,
        thisArg?: ThisParameterType<F>,
        ...args: A
      ): ReturnType<F> {
        const before = this.current;
        this.current = context;
        try {
          return fn.apply(thisArg, args);
        } finally {
          this.current = before;
        }
      }
      bind = <T>(_context: api.Context, target: T) => target;
      enable = () => this;
      disable = () => this;
    })();
    api.context.setGlobalContextManager(manager);
    try {
      const seen = tracer.startActiveSpan('GET', (span) => [span, api.trace.getActiveSpan()]);
      expect(seen[0]).toBe(seen[1]);
      expect(seen[0]?.isRecording()).toBe(true);
    } finally {
      api.context.disable();
    }
  });

  it("reads the share from the settings' sampler", () => {
    expect(newTraceShare('parentbased_traceidratio', 0.1)).toBe(0.1);
    expect(newTraceShare('traceidratio', 0.25)).toBe(0.25);
    expect(newTraceShare('parentbased_always_off', 1)).toBe(0);
    expect(newTraceShare('always_off', 1)).toBe(0);
    expect(newTraceShare('parentbased_always_on', 0.5)).toBe(1);
    expect(newTraceShare('always_on', 1)).toBe(1);
  });

  it("is what startTracing's request spans are drawn by, the settings' ratio deciding only a caller's trace", async () => {
    const spans: ReadableSpan[] = [];
    // Keeps what it is sent after the shutdown too (the in-memory exporter forgets then).
    const exporter: SpanExporter = {
      export: (batch, done) => {
        spans.push(...batch);
        done({ code: 0 });
      },
      shutdown: async () => {},
    };
    const settings: TracingSettings = {
      exporters: ['otlp'],
      serviceName: 'draw-test',
      sampler: 'traceidratio',
      samplerRatio: 0.5,
      propagators: ['tracecontext'],
    };
    const host = await startTracing(settings, { exporters: [exporter] });
    const app = new Hono();
    app.use(host.tracing.requests);
    app.get('/', (c) => c.text('ok'));
    const random = vi.spyOn(Math, 'random');
    // Each request's first random number is the draw's (0.4 < 0.5: kept); the SDK's ratio alone,
    // deciding on a random id, would keep about half of them.
    for (let i = 0; i < 20; i++) {
      random.mockReturnValueOnce(0.4);
      await app.request('/');
    }
    random.mockReturnValueOnce(0.6);
    await app.request('/');
    // A caller's trace whose id the ratio drops (the XOR of its four 32-bit parts is the largest).
    const dropped = `${'f'.repeat(8)}${'0'.repeat(24)}`;
    await app.request('/', { headers: { traceparent: `00-${dropped}-${'1'.repeat(16)}-01` } });
    await host.shutdown();
    expect(spans).toHaveLength(20);
  });
});
