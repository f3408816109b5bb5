import { setImmediate as nextTurn } from 'node:timers/promises';

/** One thing measured in process: a request, and what to do before each of them. */
export interface Subject {
  request(index: number): Promise<unknown>;
  /** Before each request, untimed (the peer's fresh context manager, as a process of its own has). */
  beforeRequest?(): void;
}

export interface InterleavedOptions {
  /** Requests of each subject before any is measured (10 % sampling records a tenth of them). */
  warmUp: number;
  rounds: number;
  /** Requests of each subject per round. */
  batch: number;
}

/**
 * CPU µs per request of each subject, one figure per round: the mean of its `batch` requests of
 * that round. The subjects take turns request by request (in an order drawn anew for each turn,
 * the same orders on every run), so a round's figures were measured over the same seconds: a
 * neighbour's burst of load, the JIT's drift, a collection fall on all alike, and the round by
 * round differences cancel them (batches of one subject after another's moved by ±25 % under load).
 * Each request is timed alone (`process.cpuUsage` before and after) and starts from a turn of the
 * event loop of its own, as a server's requests do (and as the context manager expects to switch
 * off between them). A full collection before each round. CPU time, not wall time: on a shared
 * machine the wall clock counts the neighbours' turns.
 */
export async function measureInterleaved<Name extends string>(
  subjects: Record<Name, Subject>,
  options: InterleavedOptions,
): Promise<Record<Name, number[]>> {
  const names = Object.keys(subjects) as Name[];
  const results = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  const random = seededRandom(43);
  let index = 0;
  const turn = async (used: Partial<Record<Name, number>> | undefined) => {
    for (const name of shuffled(names, random)) {
      const subject = subjects[name];
      subject.beforeRequest?.();
      await nextTurn();
      const started = process.cpuUsage();
      await subject.request(index++);
      const cpu = process.cpuUsage(started);
      if (used) used[name] = (used[name] ?? 0) + cpu.user + cpu.system;
    }
  };
  for (let i = 0; i < options.warmUp; i++) await turn(undefined);
  for (let round = 0; round < options.rounds; round++) {
    collectGarbage();
    const used: Partial<Record<Name, number>> = {};
    for (let i = 0; i < options.batch; i++) await turn(used);
    for (const name of names) results[name].push((used[name] ?? 0) / options.batch);
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
