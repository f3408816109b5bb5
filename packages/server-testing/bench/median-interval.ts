/** The middle value of `values`, or the mean of the two middle ones; NaN for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * The median of `values` and a distribution-free 95 % confidence interval for it: the order
 * statistics k and n-1-k of the sorted values, k from the binomial distribution's normal
 * approximation (`(n - 1.96 √n) / 2`). It assumes nothing about the spread, which on a shared
 * machine has long tails; with fewer than 8 values the interval is the whole range.
 *
 * @example
 * medianWithInterval([0.9, 1.1, 1.0, 0.95, 1.05]); // { median: 1, low: 0.9, high: 1.1 }
 */
export function medianWithInterval(values: readonly number[]): {
  median: number;
  low: number;
  high: number;
} {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const k = Math.max(0, Math.floor((n - 1.96 * Math.sqrt(n)) / 2));
  return { median: median(sorted), low: sorted[k] ?? Number.NaN, high: sorted[n - 1 - k] ?? Number.NaN };
}
