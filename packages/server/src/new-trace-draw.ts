import type {
  Attributes,
  Context,
  Link,
  Sampler,
  SamplingResult,
  Span,
  SpanKind,
  SpanOptions,
  Tracer,
} from '@opentelemetry/api';

type Api = typeof import('@opentelemetry/api');

/**
 * Whether a request that continues no caller's trace starts one, drawn before any span or id is
 * made (decision 0040). The SDK's tracer decides a new trace only after making its two random ids,
 * its attributes' copy, a metric and a non-recording span, which a request its sampler drops
 * (nine in ten at `traceidratio` 0.1) paid for nothing. Here one random number decides: a new trace
 * is kept with the probability the sampler's ratio gives it (`share`: 1 for `always_on`, 0 for
 * `always_off`, the ratio for `traceidratio`, plain or `parentbased_`), and only a kept one is
 * started by the SDK, in a context marked so that its sampler (`sampler`, wrapping the one the
 * settings name) keeps it; the spans under it (the request's statements) are kept as children of a
 * kept span. A span that continues a caller's trace is the SDK's to decide, as before.
 *
 * What differs from the SDK's `TraceIdRatioBased`: the ids of a trace this server starts are not
 * the ones that ratio would have kept (it keeps a trace by its id, so that services sampling one
 * trace by the same ratio agree). The server starts traces only for its own requests and makes no
 * traced call to another service, so no other sampler sees these ids before the collector.
 */
export class NewTraceDraw {
  private readonly kept: symbol;
  private readonly dropped: Span;

  constructor(
    private readonly api: Api,
    /** The probability that a new trace is kept (0-1). */
    private readonly share: number,
  ) {
    this.kept = api.createContextKey('wsadmin: a new trace the draw kept');
    // A new trace that is not kept has no id at all (the SDK's suppressed traces answer the same).
    this.dropped = api.trace.wrapSpanContext(api.INVALID_SPAN_CONTEXT);
  }

  /**
   * `sampler`, keeping the new traces the draw kept and every span under a span this process keeps.
   * The second is what the settings' samplers answer for such a span whenever they kept its parent
   * themselves (`parentbased_` follows the parent's flag; `traceidratio` decides on the same trace
   * id), and the only right answer under a parent the draw kept (its id decides nothing).
   */
  sampler(sampler: Sampler): Sampler {
    const { api, kept } = this;
    const keep: SamplingResult = { decision: api.SamplingDecision.RECORD_AND_SAMPLED };
    return {
      shouldSample(
        context: Context,
        traceId: string,
        spanName: string,
        spanKind: SpanKind,
        attributes: Attributes,
        links: Link[],
      ) {
        if (context.getValue(kept) === true) return keep;
        const parent = api.trace.getSpanContext(context);
        if (
          parent !== undefined &&
          parent.isRemote !== true &&
          (parent.traceFlags & api.TraceFlags.SAMPLED) !== 0 &&
          api.isSpanContextValid(parent)
        )
          return keep;
        return sampler.shouldSample(context, traceId, spanName, spanKind, attributes, links);
      },
      toString: () => `NewTraceDraw{${this.share}, ${sampler.toString()}}`,
    };
  }

  /** `tracer`, its new traces drawn first. Its provider's sampler must be `this.sampler(…)`. */
  tracer(tracer: Tracer): Tracer {
    const draw = this;
    const startSpan = (name: string, options?: SpanOptions, context?: Context): Span =>
      draw.startSpan(tracer, name, options, context);
    return {
      startSpan,
      startActiveSpan<F extends (span: Span) => unknown>(
        name: string,
        ...args: [F] | [SpanOptions, F] | [SpanOptions, Context, F]
      ): ReturnType<F> {
        const fn = args[args.length - 1] as F;
        const options = args.length > 1 ? (args[0] as SpanOptions) : undefined;
        const parent = args.length > 2 ? (args[1] as Context) : draw.api.context.active();
        const span = startSpan(name, options, parent);
        const run = fn as (span: Span) => ReturnType<F>;
        return draw.api.context.with(draw.api.trace.setSpan(parent, span), run, undefined, span);
      },
    };
  }

  private startSpan(tracer: Tracer, name: string, options: SpanOptions | undefined, given?: Context): Span {
    const context = given ?? this.api.context.active();
    const parent = options?.root ? undefined : this.api.trace.getSpanContext(context);
    // A span that continues a trace, and every span when all new traces are kept: the SDK's.
    if (this.share >= 1 || (parent !== undefined && this.api.isSpanContextValid(parent)))
      return tracer.startSpan(name, options, context);
    if (Math.random() >= this.share) return this.dropped;
    return tracer.startSpan(name, options, context.setValue(this.kept, true));
  }
}

/** The share of new traces the settings' sampler keeps (`OTEL_TRACES_SAMPLER`, `_ARG`). */
export function newTraceShare(sampler: string, ratio: number): number {
  if (sampler.endsWith('always_off')) return 0;
  if (sampler.endsWith('traceidratio')) return Math.min(1, Math.max(0, ratio));
  return 1;
}
