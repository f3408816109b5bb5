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
 * subject, in an order drawn anew each round (the same orders on every run), so that the drift of a
 * long run (JIT, the neighbours' load) falls on all alike and no subject always follows the same
 * other; a full collection before each batch leaves none the garbage of another. Each request starts from a turn of the
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
  const random = seededRandom(43);
  for (let round = 0; round < options.rounds; round++) {
    for (const name of shuffled(names, random)) {
      // The garbage of the batch before is collected before this one starts: each pays for its own.
      collectGarbage();
      const started = process.cpuUsage();
      await run(subjects[name], options.batch);
      const used = process.cpuUsage(started);
      results[name].push((used.user + used.system) / options.batch);
    }
  }
  return results;
}

/** A full garbage collection when the process runs with `--expose-gc` (as `npm run bench:tracing` does). */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** The same sequence of numbers in [0, 1) on every run (a linear congruential generator). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `values` in an order of `random`'s (Fisher-Yates). */
function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
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
