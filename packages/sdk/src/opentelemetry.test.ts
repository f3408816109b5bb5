import { context, createTraceState, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propagateTraceContext } from './opentelemetry';
import { fail, ok, recorder, testClient } from './test-helpers';

const workspace = { id: 7, name: 'Sales' };
const tracer = new BasicTracerProvider().getTracer('sdk-test');

beforeAll(() => {
  // What an application's OpenTelemetry set-up registers (the Node SDK does both).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  context.disable();
  propagation.disable();
});

describe('the propagate option', () => {
  it('runs on the headers of every attempt, retries included', async () => {
    const { fetch, requests } = recorder([fail(503, 'unavailable'), ok(workspace)]);
    let calls = 0;
    const client = testClient(fetch, {
      propagate: (headers) => headers.set('x-attempt', String(++calls)),
    });
    await client.workspaces.get(7);
    expect(requests.map((request) => request.headers.get('x-attempt'))).toEqual(['1', '2']);
  });
});

describe('propagateTraceContext (@wsadmin/sdk/opentelemetry)', () => {
  it("sends the active span's traceparent and tracestate", async () => {
    const { fetch, requests } = recorder([ok(workspace)]);
    const client = testClient(fetch, { propagate: propagateTraceContext });
    const caller = tracer.startSpan('caller');
    const withState = trace.setSpanContext(context.active(), {
      ...caller.spanContext(),
      traceState: createTraceState('vendor=opaque'),
    });
    await context.with(withState, () => client.workspaces.get(7));
    caller.end();
    const { traceId, spanId } = caller.spanContext();
    expect(requests[0]?.headers.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);
    expect(requests[0]?.headers.get('tracestate')).toBe('vendor=opaque');
  });

  it('adds nothing without an active span', async () => {
    const { fetch, requests } = recorder([ok(workspace)]);
    const client = testClient(fetch, { propagate: propagateTraceContext });
    await client.workspaces.get(7);
    expect(requests[0]?.headers.has('traceparent')).toBe(false);
  });
});
