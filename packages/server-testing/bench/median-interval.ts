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
  if (n === 0) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const middle = Math.floor(n / 2);
  const median =
    n % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const k = Math.max(0, Math.floor((n - 1.96 * Math.sqrt(n)) / 2));
  return { median, low: sorted[k] as number, high: sorted[n - 1 - k] as number };
}
