import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/processes';
import { type AppBuild, BENCH_BASE, loadLine, openAppBuild } from './app-build';

/**
 * `npm run bench:ab -- --before <worktree>`: the workspace detail read of two builds of the server
 * core in one process, interleaved, on a machine too busy for two separate runs to compare: the app
 * of `--before` (another checkout, with its node_modules) and of `--after` (default: this one), each
 * over its own SQLite file as `npm start` opens it (kept answers on, no response validation), driven
 * through `app.fetch` with `--concurrency` requests in flight. Each round gives every workload a
 * `--slice` of milliseconds per build, the order of the two builds alternating; the ratio is
 * after/before of the requests answered, per round, and its median is printed.
 * Workloads: `cached` (one workspace again and again: a kept answer serves it), `uncached` (200
 * workspaces in turn, each request with a query string of its own, as the read-path bench's
 * `rotating`), `uncached, 2,000 ids` (as `uncached`, over more distinct paths than any per-path
 * cache of the router kept).
 */

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: REPO_ROOT },
    rounds: { type: 'string', default: '7' },
    slice: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '10' },
    /** Only the workloads whose name after "detail, " starts so (`cached`, `uncached`). */
    only: { type: 'string', default: '' },
  },
});
if (!args.before) throw new Error('--before <worktree root> is required (the build to compare with)');

type PathOf = (build: AppBuild, counter: number) => string;

const RUN = Date.now().toString(36);
const workloads: Array<{ name: string; path: PathOf }> = [
  { name: 'detail, cached', path: (build) => `/openapi/v1/workspaces/${build.ids[0]}/` },
  {
    name: 'detail, uncached (200 ids)',
    path: (build, n) => `/openapi/v1/workspaces/${build.ids[n % 200]}/?n=${RUN}-${n}`,
  },
  {
    name: 'detail, uncached (2,000 ids)',
    path: (build, n) => `/openapi/v1/workspaces/${build.ids[n % build.ids.length]}/?n=${RUN}-${n}`,
  },
];

interface Slice {
  /** Requests answered per second. */
  rate: number;
  /** CPU time of this process per request, in microseconds: what a busy machine disturbs least. */
  cpuUs: number;
}

/** Requests answered 200 within `ms`, `concurrency` in flight. */
async function drive(build: AppBuild, path: PathOf, ms: number, concurrency: number): Promise<Slice> {
  const cpu = process.cpuUsage();
  const headers = { authorization: `Bearer ${build.secret}` };
  const until = performance.now() + ms;
  let counter = 0;
  let answered = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const n = counter++;
      const answer = await build.fetch(new Request(`${BENCH_BASE}${path(build, n)}`, { headers }));
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${build.name}: ${answer.status} for ${path(build, n)}`);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const used = process.cpuUsage(cpu);
  return { rate: (answered * 1000) / ms, cpuUs: (used.user + used.system) / answered };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const rounds = Number(args.rounds);
const slice = Number(args.slice);
const concurrency = Number(args.concurrency);
const before = await openAppBuild('before', args.before, 2000);
const after = await openAppBuild('after', args.after, 2000);
console.log(`before: ${resolve(args.before)}\nafter:  ${resolve(args.after)}`);
console.log(`load at start: ${loadLine()}`);
for (const workload of workloads.filter(({ name }) => name.split(', ')[1]?.startsWith(args.only))) {
  // Warm both: the JIT, the kept rows and answers.
  await drive(before, workload.path, 300, concurrency);
  await drive(after, workload.path, 300, concurrency);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const slices: Record<string, Slice[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [before, after] : [after, before];
    for (const build of order)
      slices[build.name]?.push(await drive(build, workload.path, slice, concurrency));
    const [was, is] = [slices.before?.at(-1), slices.after?.at(-1)];
    if (!was || !is) continue;
    ratios.push(is.rate / was.rate);
    cpuRatios.push(was.cpuUs / is.cpuUs);
  }
  const rate = (name: string) => median(slices[name]?.map((s) => s.rate) ?? []).toFixed(0);
  const cpuUs = (name: string) => median(slices[name]?.map((s) => s.cpuUs) ?? []).toFixed(0);
  console.log(
    `${workload.name}: before ${rate('before')}/s ${cpuUs('before')} µs CPU/request, ` +
      `after ${rate('after')}/s ${cpuUs('after')} µs CPU/request; after/before median: ` +
      `rate ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(' ')}), ` +
      `requests per CPU second ${median(cpuRatios).toFixed(3)} (${cpuRatios.map((r) => r.toFixed(2)).join(' ')})`,
  );
}
console.log(`load at end: ${loadLine()}`);
before.close();
after.close();
