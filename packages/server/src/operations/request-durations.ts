/** The labels of one series of request metrics. */
export interface RequestLabels {
  operation: string;
  method: string;
  status: number;
}

interface Series {
  labels: RequestLabels;
  /** Observations per bucket (not cumulative), in the order of the upper bounds. */
  buckets: number[];
  sum: number;
  count: number;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string | number>;
  value: number;
  metricName: string;
  /** prom-client's buckets carry one (null: none); its sum and count do not. */
  exemplar?: null;
}

/**
 * A Prometheus histogram of request durations, registered in a prom-client Registry like its own
 * Histogram and shown exactly as it would show it (same lines, same label order; `get()` the same
 * JSON, so a cluster's AggregatorRegistry sums it as a histogram). Every answered request is
 * observed: prom-client's general `observe` (label validation, a label hash built per call) was the
 * largest part of the metrics' cost per request (npm run bench); here a series is found by one
 * string key.
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
  ) {}

  observe(labels: RequestLabels, seconds: number): void {
    const key = `${labels.operation} ${labels.method} ${labels.status}`;
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    series.sum += seconds;
    series.count += 1;
    const bucket = this.upperBounds.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
  }

  /** Requests answered per series so far. */
  counts(): Array<{ labels: RequestLabels; count: number }> {
    return [...this.#series.values()].map(({ labels, count }) => ({ labels, count }));
  }

  /** What the registry prints: bucket labels first, then the series' own (prom-client's order). */
  async getForPromString() {
    const values: Sample[] = [];
    for (const series of this.#series.values()) {
      const shared = { ...series.labels };
      let cumulative = 0;
      this.upperBounds.forEach((bound, i) => {
        cumulative += series.buckets[i] ?? 0;
        values.push({
          labels: { le: bound },
          sharedLabels: shared,
          value: cumulative,
          metricName: `${this.name}_bucket`,
          exemplar: null,
        });
      });
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: shared,
          value: series.count,
          metricName: `${this.name}_bucket`,
          exemplar: null,
        },
        { labels: {}, sharedLabels: shared, value: series.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: shared, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`registry.getMetricsAsJSON()`): each sample's labels in one object. */
  async get() {
    const metric = await this.getForPromString();
    const values = metric.values.map(({ labels, sharedLabels, ...rest }) => ({
      ...rest,
      labels: { ...labels, ...sharedLabels },
    }));
    return { ...metric, values };
  }

  reset(): void {
    this.#series.clear();
  }
}
