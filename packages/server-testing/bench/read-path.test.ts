import { describe, expect, it } from 'vitest';
import { measureReadPath, medianRatio, readPathMarkdown, readPathWorkloads } from './read-path';

describe('read-path report', () => {
  it.each([
    [
      'odd rounds: the middle ratio',
      {
        given: [
          [100, 50],
          [100, 30],
          [100, 45],
        ],
        want: 0.45,
      },
    ],
    [
      'even rounds: the mean of the middle two',
      {
        given: [
          [100, 30],
          [100, 50],
          [200, 80],
          [100, 44],
        ],
        want: 0.42,
      },
    ],
    ['one round', { given: [[50, 25]], want: 0.5 }],
  ] as const)('%s', (_name, { given, want }) => {
    const rounds = given.map(([bare, detail]) => ({ bare, detail, bareCpuUs: 1, detailCpuUs: 1 }));
    expect(medianRatio(rounds)).toBeCloseTo(want, 10);
  });

  it.each([
    [
      'met',
      {
        name: 'repeated',
        target: 0.4,
        rounds: [{ bare: 1000, detail: 400, bareCpuUs: 40, detailCpuUs: 80 }],
      },
      '| workspace detail, the same URL repeated | **40.0%** (target 40.0%: met) | 40.0 | 50.0% | 80.0 | 40.0 | 400 |  |',
    ],
    [
      'missed',
      {
        name: 'writes',
        target: 0.25,
        rounds: [{ bare: 1000, detail: 249, bareCpuUs: 40, detailCpuUs: 100, writesPerSecond: 19.8 }],
      },
      '| workspace detail while another client renames it 20 times a second | **24.9%** (target 25.0%: missed) | 24.9 | 40.0% | 100.0 | 40.0 | 249 | 19.8 |',
    ],
  ])('says plainly whether the target is %s', (_name, result, want) => {
    expect(readPathMarkdown([result], 10)).toContain(want);
  });

  it('runs the reads in turns, each right after the bare app', async () => {
    const order: string[] = [];
    const results = await measureReadPath(
      async (request, url) => {
        order.push(`${url} ${request.workload.kind}${request.writer ? ' +writer' : ''}`);
        return { rps: 1, p50: 0, p90: 0, p99: 0, max: 0, ok: 1, non2xx: 0, errors: 0, statusCodes: {} };
      },
      {
        bareUrl: 'bare',
        serverUrl: 'server',
        workloads: readPathWorkloads('postgres', '/w/1/', ['/w/2/']),
        rounds: 2,
        connections: 1,
        durationSeconds: 1,
      },
    );
    const round = ['bare get', 'server get', 'bare get', 'server rotating', 'bare get', 'server get +writer'];
    expect(order).toEqual([...round, ...round]);
    expect(results.map((result) => [result.name, result.target, result.rounds.length])).toEqual([
      ['repeated', 0.4, 2],
      ['rotating', 0.25, 2],
      ['writes', 0.25, 2],
    ]);
  });
});
