import { setImmediate as nextTurn } from 'node:timers/promises';

/** One thing measured in process: a request, and what to do before each batch of them. */
export interface Subject {
  request(index: number): Promise<unknown>;
  /** Before each batch (the peer's fresh context manager, as a process of its own would have). */
  beforeBatch?(): void;
}

export interface InterleavedOptions {
  /** Requests of each subject before any is measured (10 % sampling records a tenth of them). */
  warmUp: number;
  rounds: number;
  /** Requests of one subject in a row. */
  batch: number;
}

/**
 * CPU µs per request of each subject, one figure per batch: every round runs a batch of each
 * subject, starting at another one each round, so that the drift of a long run (JIT, garbage
 * collection, the neighbours' load) falls on all alike. Each request starts from a turn of the
 * event loop of its own, as a server's requests do (and as the context manager expects to switch
 * off between them). CPU time, not wall time: on a shared machine the wall clock counts the
 * neighbours' turns.
 */
export async function measureInterleaved<Name extends string>(
  subjects: Record<Name, Subject>,
  options: InterleavedOptions,
): Promise<Record<Name, number[]>> {
  const names = Object.keys(subjects) as Name[];
  const results = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  let index = 0;
  const run = async (subject: Subject, count: number) => {
    subject.beforeBatch?.();
    for (let i = 0; i < count; i++) {
      await nextTurn();
      await subject.request(index++);
    }
  };
  // The warm-up alternates too, in smaller batches: each subject's code compiles beside the others'.
  const warmBatch = Math.max(1, Math.floor(options.warmUp / 10));
  for (let done = 0; done < options.warmUp; done += warmBatch)
    for (const name of names) await run(subjects[name], warmBatch);
  for (let round = 0; round < options.rounds; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length] as Name;
      const started = process.cpuUsage();
      await run(subjects[name], options.batch);
      const used = process.cpuUsage(started);
      results[name].push((used.user + used.system) / options.batch);
    }
  }
  return results;
}

/** The value at quantile `q` (0..1) of `values`, the nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;
}

/** Median and interquartile range of `values`, as `12.3 (11.9-13.0)`. */
export function medianAndSpread(values: readonly number[]): string {
  return `${quantile(values, 0.5).toFixed(1)} (${quantile(values, 0.25).toFixed(1)}-${quantile(values, 0.75).toFixed(1)})`;
}
