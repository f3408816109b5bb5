import { describe, expect, it } from 'vitest';
import { medianRatio, readPathMarkdown } from './read-path';

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
      [{ bare: 1000, detail: 400, bareCpuUs: 40, detailCpuUs: 80 }],
      "**40.0%** of the bare app's rate (target 40%: met); by CPU time per answer 50.0%",
    ],
    [
      'missed',
      [{ bare: 1000, detail: 399, bareCpuUs: 40, detailCpuUs: 100 }],
      "**39.9%** of the bare app's rate (target 40%: missed); by CPU time per answer 40.0%",
    ],
  ])('says plainly whether the target is %s', (_name, rounds, want) => {
    const text = readPathMarkdown(rounds, 10);
    expect(text).toContain(want);
    expect(text).toContain('| 1 | 1,000 |');
  });
});
