import { StartupError } from './startup-error';

export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** OpenTelemetry's settings, as its standard variables name them (decision 0031). */
export interface TracingSettings {
  /** `otlp`: OTLP over HTTP, as JSON, to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT; `console`: spans on stdout. */
  exporters: ('otlp' | 'console')[];
  /** `service.name` of the spans; OTEL_SERVICE_NAME, default `wsadmin-server`. */
  serviceName: string;
  sampler: TraceSampler;
  /** The ratio of the `traceidratio` samplers (OTEL_TRACES_SAMPLER_ARG), 0 to 1; default 1. */
  samplerRatio: number;
  /** Headers read from requests: W3C `traceparent`/`tracestate`, and W3C `baggage`. Empty: none. */
  propagators: ('tracecontext' | 'baggage')[];
}

/**
 * OpenTelemetry's standard variables, as far as this server honours them. Off unless an exporter is
 * asked for: OTEL_TRACES_EXPORTER=otlp or console, or an OTLP endpoint set without it (the SDK's
 * default exporter is otlp, but a server that exports to localhost:4318 on its own would surprise).
 * OTEL_SDK_DISABLED=true wins. Anything this server cannot do is refused, naming the variable.
 */
export function readTracingSettings(
  env: Readonly<Record<string, string | undefined>>,
): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const named = listOf(env.OTEL_TRACES_EXPORTER);
  const exporters = named.length > 0 ? named : endpoint ? ['otlp'] : [];
  if (exporters.length === 0 || (exporters.length === 1 && exporters[0] === 'none')) return undefined;
  for (const exporter of exporters)
    if (exporter !== 'otlp' && exporter !== 'console')
      throw new StartupError(
        `OTEL_TRACES_EXPORTER must be otlp, console or none, got "${env.OTEL_TRACES_EXPORTER}"`,
      );
  if (exporters.includes('otlp')) {
    const protocols = {
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
      OTEL_EXPORTER_OTLP_PROTOCOL: env.OTEL_EXPORTER_OTLP_PROTOCOL,
    };
    for (const [name, given] of Object.entries(protocols)) {
      const protocol = given?.trim();
      if (protocol && protocol !== 'http/json')
        throw new StartupError(
          `${name}=${protocol} is not supported: this server exports OTLP over HTTP as JSON, which an OpenTelemetry Collector accepts on port 4318; unset it or set http/json`,
        );
    }
  }
  const sampler = (env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on') as TraceSampler;
  if (!TRACE_SAMPLERS.includes(sampler))
    throw new StartupError(
      `OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')}, got "${env.OTEL_TRACES_SAMPLER}"`,
    );
  const ratioText = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const samplerRatio = ratioText && sampler.endsWith('traceidratio') ? Number(ratioText) : 1;
  if (!(samplerRatio >= 0 && samplerRatio <= 1))
    throw new StartupError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "${ratioText}"`);
  const propagators = listOf(env.OTEL_PROPAGATORS ?? 'tracecontext,baggage').filter(
    (name) => name !== 'none',
  );
  for (const propagator of propagators)
    if (propagator !== 'tracecontext' && propagator !== 'baggage')
      throw new StartupError(
        `OTEL_PROPAGATORS must list tracecontext, baggage or none, got "${env.OTEL_PROPAGATORS}"`,
      );
  return {
    exporters: exporters as TracingSettings['exporters'],
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'wsadmin-server',
    sampler,
    samplerRatio,
    propagators: propagators as TracingSettings['propagators'],
  };
}

/** A comma list (OpenTelemetry's form), trimmed and lowercase, without empty items. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}
