import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { readConfig } from '@wsadmin/server';
import { type RuntimeServer, serveOnRuntime } from '@wsadmin/server-core/server-kit';
import { nodeHost } from '../../server/src/node-host';
import { startTracing } from '../../server/src/tracing';

/** The bootstrap key of the tracing benchmarks' servers. */
export const BENCH_KEY = 'wsk_bench-tracing-key';

/**
 * The OTEL_ variables of each setting the tracing benchmarks compare (`readServerSettings` reads
 * them). `ratio 0` (a sampler that drops every request) is what an unsampled request pays.
 */
export const TRACING_VARIABLES = {
  off: {},
  'ratio 0': {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0',
  },
  'sampled 10 %': {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  },
  'always on': { OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'always_on' },
} as const satisfies Record<string, Record<string, string>>;

export type ServerSetting = keyof typeof TRACING_VARIABLES;

/** Takes every batch and drops it: what an exporter costs beyond the spans themselves is left out. */
export class DroppingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.spans += spans.length;
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

/**
 * The Node server as `wsadmin-server` runs it (SQLite file at `databaseUrl`, NODE_ENV=production,
 * LOG_LEVEL=silent) with the production tracing of `setting` (`startTracing`: sampler, batch span
 * processor, context manager, W3C propagator), its spans handed to a sink that drops them.
 */
export async function startBenchServer(
  setting: ServerSetting,
  databaseUrl: string,
): Promise<{ server: RuntimeServer; sink: DroppingExporter }> {
  const config = readConfig({
    PORT: '0',
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WSADMIN_BOOTSTRAP_KEY: BENCH_KEY,
    ...TRACING_VARIABLES[setting],
  });
  const sink = new DroppingExporter();
  const tracingSettings = config.tracing;
  const host = {
    ...nodeHost(config),
    tracing: async () => (tracingSettings ? startTracing(tracingSettings, { exporters: [sink] }) : undefined),
  };
  return { server: await serveOnRuntime(host, config, { bootstrapKey: true }), sink };
}
