import { AggregatorRegistry, Histogram, type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations, type RequestLabels } from '../../src/operations/request-durations';

const NAME = 'wsadmin_http_request_duration_seconds';
const HELP = 'Time from receiving a request to its answer.';
const BOUNDS = [0.001, 0.01, 0.1, 1];

/** The same observations in a prom-client Histogram and in RequestDurations, each in its own registry. */
function both(observations: ReadonlyArray<[RequestLabels, number]>) {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['operation', 'method', 'status'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  const ours = new Registry();
  const durations = new RequestDurations(NAME, HELP, BOUNDS);
  ours.registerMetric(durations as unknown as Metric);
  for (const [labels, seconds] of observations) {
    histogram.observe(labels, seconds);
    durations.observe(labels, seconds);
  }
  return { theirs, ours, durations };
}

const getScope = { operation: 'getScope', method: 'GET', status: 200 };
const missing = { operation: 'getWorkspace', method: 'GET', status: 404 };

describe('RequestDurations shows what prom-client’s Histogram shows', () => {
  it.each([
    ['nothing observed', { given: [] }],
    ['one series', { given: [[getScope, 0.0004]] }],
    [
      'values on a bound, between bounds and past the last',
      {
        given: [
          [getScope, 0.001],
          [getScope, 0.05],
          [getScope, 7],
        ],
      },
    ],
    [
      'several series',
      {
        given: [
          [getScope, 0.002],
          [missing, 0.2],
          [getScope, 0.0001],
          [missing, 0.2],
        ],
      },
    ],
  ] as const)('%s', async (_name, { given }) => {
    const { theirs, ours } = both(given as unknown as Array<[RequestLabels, number]>);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('sums across a cluster like a histogram', async () => {
    const workers = [
      both([[getScope, 0.002]]),
      both([
        [getScope, 0.5],
        [missing, 0.0001],
      ]),
    ];
    const theirs = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.theirs.getMetricsAsJSON())),
    );
    const ours = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.ours.getMetricsAsJSON())),
    );
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('counts per series, and forgets them on reset', () => {
    const { durations } = both([
      [getScope, 0.1],
      [getScope, 0.2],
      [missing, 0.3],
    ]);
    expect(durations.counts()).toEqual([
      { labels: getScope, count: 2 },
      { labels: missing, count: 1 },
    ]);
    durations.reset();
    expect(durations.counts()).toEqual([]);
  });
});
