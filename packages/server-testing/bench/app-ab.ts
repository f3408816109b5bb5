import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/processes';
import type { SliceAsked, SliceDone, Workload } from './app-ab-process';
import { loadLine } from './app-build';
import { median, medianWithInterval } from './median-interval';

/**
 * `npm run bench:ab -- --before <worktree>`: the workspace detail read of two builds of the server
 * core, the app of `--before` (another checkout, with its node_modules) and of `--after` (default:
 * this one), each in a process of its own (app-ab-process.ts: its app over a SQLite file of its own,
 * as `npm start` opens it, kept answers on, no response validation, 10 requests in flight through
 * `app.fetch`). The two take turns in short slices (`--slice` ms each, `--rounds` rounds per
 * workload, the order alternating), one running while the other waits, so both see the same
 * machine from one slice to the next; `--pairs` times over, on processes started afresh. Per
 * round: after/before of the requests per CPU second and of the requests answered. The figure to
 * quote is the median of the pairs' medians (one slow process moves it least); every round's
 * median with its 95 % interval follows, which holds within the pairs only.
 *
 * Why processes, and several: in one process (as this bench used to run) the two builds shared a
 * heap, JIT feedback and garbage, and the order they were loaded in moved both builds' figures; and
 * one process runs faster or slower than another of the same build, by up to 45 % here, for as
 * long as it lives.
 *
 * Workloads: `cached` (one workspace again and again: a kept answer serves it), `uncached` (200
 * workspaces in turn, each request with a query string of its own), `uncached-2000` (as `uncached`,
 * over 2,000 workspaces).
 */

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: REPO_ROOT },
    /** Pairs of processes, each started afresh; rounds per workload in each pair. */
    pairs: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '21' },
    slice: { type: 'string', default: '150' },
    /** Only these workloads, comma-separated (`cached,uncached`). */
    only: { type: 'string', default: '' },
  },
});
if (!args.before) throw new Error('--before <worktree root> is required (the build to compare with)');

const WORKLOADS: readonly Workload[] = ['cached', 'uncached', 'uncached-2000'];
const child = fileURLToPath(new URL('app-ab-process.ts', import.meta.url));

interface Build {
  name: 'before' | 'after';
  process: ChildProcess;
}

/** The next message of `build`'s process; rejects when the process ends first (it failed). */
async function nextMessage(build: ChildProcess, name: string): Promise<unknown> {
  // Both waits stop listening once either ends: a bench sends hundreds of slices to one process.
  const listening = new AbortController();
  const { signal } = listening;
  try {
    const [message] = await Promise.race([
      once(build, 'message', { signal }),
      once(build, 'exit', { signal }).then(([code]) => {
        throw new Error(`${name} exited with ${code} (its error is above)`);
      }),
    ]);
    return message;
  } finally {
    listening.abort();
  }
}

async function startBuild(name: Build['name'], root: string): Promise<Build> {
  const started = fork(child, [name], {
    cwd: root,
    execArgv: ['--conditions=@wsadmin/source', '--import', 'tsx'],
  });
  const message = await nextMessage(started, `${name} (${root})`);
  if (message !== 'ready') throw new Error(`${name}: expected "ready", got ${JSON.stringify(message)}`);
  return { name, process: started };
}

async function slice(build: Build, asked: SliceAsked): Promise<SliceDone> {
  const answered = nextMessage(build.process, build.name);
  build.process.send(asked);
  return (await answered) as SliceDone;
}

const rounds = Number(args.rounds);
const ms = Number(args.slice);
const pairs = Number(args.pairs);
const only = args.only ? args.only.split(',') : [...WORKLOADS];
const unknown = only.filter((name) => !(WORKLOADS as readonly string[]).includes(name));
if (unknown.length > 0)
  throw new Error(`--only: no workload ${unknown.join(', ')} (${WORKLOADS.join(', ')})`);
const workloads = WORKLOADS.filter((name) => only.includes(name));
const roots: Record<Build['name'], string> = { before: resolve(args.before), after: resolve(args.after) };
console.log(`before: ${roots.before}\nafter:  ${roots.after}`);
console.log(`load at start: ${loadLine()}`);

interface Rounds {
  /** after/before of the requests answered in a round's two slices. */
  rates: number[];
  /** after/before of the requests answered per CPU second. */
  perCpu: number[];
  cpuUs: Record<Build['name'], number[]>;
}
const emptyRounds = (): Rounds => ({ rates: [], perCpu: [], cpuUs: { before: [], after: [] } });
const all = new Map(workloads.map((workload) => [workload, emptyRounds()]));
const pairMedians = new Map(workloads.map((workload) => [workload, [] as number[]]));

/** `rounds` rounds of one workload on one pair of processes, after a warm-up of each. */
async function measure(pair: Record<Build['name'], Build>, workload: Workload): Promise<Rounds> {
  const measured = emptyRounds();
  for (const build of [pair.before, pair.after]) await slice(build, { workload, ms: 500 });
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [pair.before, pair.after] : [pair.after, pair.before];
    const done: Partial<Record<Build['name'], SliceDone>> = {};
    for (const build of order) done[build.name] = await slice(build, { workload, ms });
    const { before: was, after: is } = done;
    if (!was || !is) continue;
    measured.rates.push(is.answered / was.answered);
    measured.perCpu.push(is.answered / is.cpuUs / (was.answered / was.cpuUs));
    measured.cpuUs.before.push(was.cpuUs / was.answered);
    measured.cpuUs.after.push(is.cpuUs / is.answered);
  }
  return measured;
}

for (let index = 0; index < pairs; index++) {
  // Fresh processes each pair, started one after the other (each makes 2,000 workspaces), the
  // order alternating: a process's own speed is a draw of its own (the heap it grew, its place in
  // memory), by up to 45 % on this machine, which only several pairs average out.
  const first: Build['name'] = index % 2 === 0 ? 'before' : 'after';
  const second: Build['name'] = first === 'before' ? 'after' : 'before';
  const started = await startBuild(first, roots[first]);
  const pair = { [first]: started, [second]: await startBuild(second, roots[second]) } as Record<
    Build['name'],
    Build
  >;
  try {
    for (const workload of workloads) {
      const measured = await measure(pair, workload);
      const pooled = all.get(workload) ?? emptyRounds();
      pooled.rates.push(...measured.rates);
      pooled.perCpu.push(...measured.perCpu);
      pooled.cpuUs.before.push(...measured.cpuUs.before);
      pooled.cpuUs.after.push(...measured.cpuUs.after);
      pairMedians.get(workload)?.push(median(measured.perCpu));
    }
  } finally {
    pair.before.process.disconnect();
    pair.after.process.disconnect();
  }
}

const shown = (values: number[]) => {
  const interval = medianWithInterval(values);
  return `${interval.median.toFixed(3)} (95 % ${interval.low.toFixed(3)}-${interval.high.toFixed(3)})`;
};
const us = (values: number[]) => median(values).toFixed(1);
for (const workload of workloads) {
  const pooled = all.get(workload) ?? emptyRounds();
  const medians = pairMedians.get(workload) ?? [];
  console.log(
    `detail, ${workload}: CPU µs per request before ${us(pooled.cpuUs.before)}, after ${us(pooled.cpuUs.after)}; ` +
      `after/before, requests per CPU second: median of the ${pairs} pairs' medians ` +
      `${median(medians).toFixed(3)} (each ${medians.map((ratio) => ratio.toFixed(3)).join(', ')}); ` +
      `all ${pooled.rates.length} rounds ${shown(pooled.perCpu)}, requests answered ${shown(pooled.rates)}`,
  );
}
console.log(`load at end: ${loadLine()}`);
