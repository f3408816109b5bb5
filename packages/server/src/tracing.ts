import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { HostTracing, TracingSettings } from '@wsadmin/server-core/server-kit';
import { NewTraceDraw, newTraceShare } from './new-trace-draw';
import { OnDemandContextManager } from './on-demand-context';
import { serverVersion } from './server-version';
import { StartupError } from './startup-error';

/**
 * The OpenTelemetry packages the server loads when traces are on: optional peer dependencies, so an
 * install without traces carries none of them (decision 0031). The README's Traces section has the line.
 */
export const OPENTELEMETRY_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/exporter-trace-otlp-http',
] as const;

async function loadOpenTelemetry(otlp: boolean) {
  try {
    const [api, core, resources, sdk, otlpHttp, tracingEntry] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      otlp ? import('@opentelemetry/exporter-trace-otlp-http') : undefined,
      import('@wsadmin/server-core/opentelemetry'),
    ]);
    return { api, core, resources, sdk, otlpHttp, tracingEntry };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new StartupError(
      `traces are on (OTEL_ variables) but the OpenTelemetry packages are not installed: npm install ${OPENTELEMETRY_PACKAGES.join(' ')}`,
      { cause: error },
    );
  }
}

/**
 * OpenTelemetry as the OTEL_ variables ask (`readServerSettings`): a tracer provider with the
 * sampler, a batch of spans per export (OTLP over HTTP as JSON, to the endpoint the exporter reads
 * from OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS; or the console), the W3C propagators, and
 * an AsyncLocalStorage context so that statements are children of their request. Shut down, it
 * exports what is left and unregisters what it registered.
 */
export async function startTracing(
  settings: TracingSettings,
  options: {
    /** Where spans go instead of the exporters the settings name (the tracing benchmark's sink). */
    exporters?: SpanExporter[];
  } = {},
): Promise<HostTracing> {
  const otlp = !options.exporters && settings.exporters.includes('otlp');
  const { api, core, resources, sdk, otlpHttp, tracingEntry } = await loadOpenTelemetry(otlp);
  const exporters =
    options.exporters ??
    settings.exporters.map((name) =>
      name === 'otlp' && otlpHttp ? new otlpHttp.OTLPTraceExporter() : new sdk.ConsoleSpanExporter(),
    );
  // A request that starts a trace is kept or dropped by one random number, before the SDK makes a
  // span (new-trace-draw.ts): what a request the sampler drops costs.
  const draw = new NewTraceDraw(api, newTraceShare(settings.sampler, settings.samplerRatio));
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': settings.serviceName,
      'service.version': serverVersion(),
    }),
    sampler: draw.sampler(samplerOf(sdk, settings)),
    spanProcessors: exporters.map((exporter) => new sdk.BatchSpanProcessor(exporter)),
  });
  // AsyncLocalStorage switched on only while a kept request runs (on-demand-context.ts): on Node 20
  // its hook would otherwise run for every promise of every request once one was sampled.
  const contextManager = new OnDemandContextManager(api.ROOT_CONTEXT);
  const ownsContext = api.context.setGlobalContextManager(contextManager);
  const propagators = settings.propagators.map((name) =>
    name === 'tracecontext' ? new core.W3CTraceContextPropagator() : new core.W3CBaggagePropagator(),
  );
  const ownsPropagation =
    propagators.length > 0 &&
    api.propagation.setGlobalPropagator(new core.CompositePropagator({ propagators }));
  return {
    tracing: tracingEntry.openTelemetryTracing(
      draw.tracer(provider.getTracer('@wsadmin/server', serverVersion())),
    ),
    async shutdown() {
      await provider.shutdown();
      if (ownsContext) api.context.disable();
      if (ownsPropagation) api.propagation.disable();
    },
  };
}

type Sdk = typeof import('@opentelemetry/sdk-trace-base');

function samplerOf(sdk: Sdk, settings: TracingSettings) {
  const rootOf = (name: string) =>
    name.endsWith('always_off')
      ? new sdk.AlwaysOffSampler()
      : name.endsWith('traceidratio')
        ? new sdk.TraceIdRatioBasedSampler(settings.samplerRatio)
        : new sdk.AlwaysOnSampler();
  const root = rootOf(settings.sampler);
  return settings.sampler.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}
