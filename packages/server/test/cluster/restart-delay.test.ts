import { describe, expect, it } from 'vitest';
import { restartDelay } from '../../src/cluster/primary';

describe('the back-off of worker restarts', () => {
  it.each<
    [string, { given: [crashes: number, livedMs: number]; want: { crashes: number; delayMs: number } }]
  >([
    ['first quick death', { given: [0, 100], want: { crashes: 1, delayMs: 250 } }],
    ['second in a row', { given: [1, 2_000], want: { crashes: 2, delayMs: 500 } }],
    ['fifth in a row', { given: [4, 29_999], want: { crashes: 5, delayMs: 4_000 } }],
    ['capped at 30 s', { given: [20, 10], want: { crashes: 21, delayMs: 30_000 } }],
    ['after 30 s of life the count starts over', { given: [7, 30_000], want: { crashes: 1, delayMs: 250 } }],
  ])('%s', (_name, { given, want }) => {
    expect(restartDelay(...given)).toEqual(want);
  });
});
