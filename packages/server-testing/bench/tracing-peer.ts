import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { httpInstrumentationMiddleware } from '@hono/otel';
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { Hono } from 'hono';

/** How a measurement traces: not at all, a tenth of the traces (parent-based), every request. */
export type TracingSetting = 'off' | 'sampled 10 %' | 'always on';

/** The path of the peer's one route. */
export const PEER_PATH = '/bench/hello';

export interface PeerServer {
  url: string;
  /** The route's app, for requests in process. */
  app: Hono;
  close(): Promise<void>;
}

/**
 * The context manager and propagator of a peer process of `setting`, fresh: the previous manager
 * switched off (its async hook too), a new AsyncLocalStorage one registered when traced. Several
 * peers share the benchmark's process and measure in turn: each measurement starts as its own
 * process would, without the hook that another setting's spans switched on. `off` registers none.
 */
export function freshPeerContext(setting: TracingSetting): void {
  context.disable();
  propagation.disable();
  if (setting === 'off') return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/**
 * The peer figure of `npm run bench:tracing`: a plain Hono route on @hono/node-server, traced by
 * `@hono/otel` 1.1 with the set-up the server's own tracing uses (batch span processor into
 * `exporter`, AsyncLocalStorage context, W3C propagator, the same samplers), or untraced. What it
 * costs a route that does almost nothing is the floor a traced request can hope for. The context
 * manager and propagator are the process's: `freshPeerContext` before each measurement.
 */
export async function startPeer(setting: TracingSetting, exporter: SpanExporter): Promise<PeerServer> {
  const app = new Hono();
  let shutdown = async () => {};
  if (setting !== 'off') {
    const sampler =
      setting === 'always on'
        ? new AlwaysOnSampler()
        : new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) });
    const tracerProvider = new BasicTracerProvider({
      sampler,
      spanProcessors: [new BatchSpanProcessor(exporter)],
    });
    app.use(httpInstrumentationMiddleware({ tracerProvider }));
    shutdown = () => tracerProvider.shutdown();
  }
  app.get(PEER_PATH, (c) => c.json({ errcode: 200, errmsg: 'success', data: { hello: 'world' } }));
  const server = await new Promise<ReturnType<typeof serve>>((listening) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => listening(started));
  });
  return {
    app,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((closed) => server.close(() => closed()));
      await shutdown();
    },
  };
}
