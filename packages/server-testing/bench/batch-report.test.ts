import { describe, expect, it } from 'vitest';
import { type BatchRow, batchesMarkdown, percentile } from './batch-report';

describe('the batch bench report', () => {
  it.each<[string, { given: number[]; fraction: number; want: number }]>([
    ['median of an odd count', { given: [5, 1, 3], fraction: 0.5, want: 3 }],
    ['median of an even count is the lower middle', { given: [4, 1, 3, 2], fraction: 0.5, want: 2 }],
    [
      'p99 of 100 samples is the 99th',
      { given: Array.from({ length: 100 }, (_, i) => 100 - i), fraction: 0.99, want: 99 },
    ],
    ['p99 of few samples is the largest', { given: [2, 9, 4], fraction: 0.99, want: 9 }],
    ['no samples', { given: [], fraction: 0.5, want: Number.NaN }],
  ])('percentile: %s', (_name, { given, fraction, want }) => {
    expect(percentile(given, fraction)).toBe(want);
  });

  it('writes one line per batch with its per-item time and the /healthz spread', () => {
    const rows: BatchRow[] = [
      { name: 'accounts: create', existing: 100_000, items: 1_000, ms: 812.4, health: [1.2, 2.5, 640] },
      { name: 'measures: delete', existing: 1_000, items: 1_000, ms: 4.2, health: [] },
    ];
    const lines = batchesMarkdown(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('| accounts: create (1,000) | 100,000 | 812 | 0.81 | 3 | 2.5 | 640 | 640 |');
    expect(lines[3]).toBe('| measures: delete (1,000) | 1,000 | 4.2 | 0.00 | 0 | - | - | - |');
  });
});
