/** One batch request measured: how long it took and how `/healthz` answered meanwhile. */
export interface BatchRow {
  /** e.g. "accounts: create (phone + e-mail, no password)". */
  name: string;
  /** Rows of that kind stored before the request. */
  existing: number;
  items: number;
  ms: number;
  /** Latencies of the `/healthz` requests sent one after another while the batch ran. */
  health: number[];
}

/** The value below which `fraction` of `values` fall (nearest rank); NaN for none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const fixed = (value: number) =>
  Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : String(Math.round(value));

/**
 * The "Batches at size" table: one line per request, the slowest `/healthz` answer last (with one
 * request at a time, a process that froze for the whole batch shows it there).
 */
export function batchesMarkdown(rows: readonly BatchRow[]): string {
  const lines = [
    '| Batch (items) | existing rows | request ms | ms per item | /healthz samples | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} (${row.items.toLocaleString('en')}) | ${row.existing.toLocaleString('en')} | ${fixed(row.ms)} | ${(row.ms / row.items).toFixed(2)} | ${row.health.length} | ${fixed(percentile(row.health, 0.5))} | ${fixed(percentile(row.health, 0.99))} | ${fixed(percentile(row.health, 1))} |`,
    );
  }
  return lines.join('\n');
}
