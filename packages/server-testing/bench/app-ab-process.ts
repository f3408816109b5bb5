import { type AppBuild, BENCH_BASE, openAppBuild } from './app-build';

/**
 * One build of the A/B bench (app-ab.ts forks one of these per build, `cwd` its checkout): opens
 * the build's app over a SQLite file of its own with 2,000 workspaces, says `ready`, then answers
 * each slice the parent asks for (`{ workload, ms }`) with the requests it answered and the CPU time
 * they took, and sits idle in between, so the other build's slice runs on a quiet machine.
 */

/** A request line of the detail read: the workspace read again and again, or a query of its own each. */
export type Workload = 'cached' | 'uncached' | 'uncached-2000';

export interface SliceAsked {
  workload: Workload;
  ms: number;
}

export interface SliceDone {
  answered: number;
  /** CPU time of this process over the slice, user and system, in microseconds. */
  cpuUs: number;
}

const RUN = Date.now().toString(36);
/** Counts every request of this process, so that no two uncached requests share a request line. */
let counter = 0;
const pathOf: Record<Workload, (build: AppBuild, n: number) => string> = {
  cached: (build) => `/openapi/v1/workspaces/${build.ids[0]}/`,
  uncached: (build, n) => `/openapi/v1/workspaces/${build.ids[n % 200]}/?n=${RUN}-${n}`,
  'uncached-2000': (build, n) => `/openapi/v1/workspaces/${build.ids[n % build.ids.length]}/?n=${RUN}-${n}`,
};

/** Requests answered 200 within `ms`, 10 in flight, through `app.fetch`. */
async function drive(build: AppBuild, { workload, ms }: SliceAsked): Promise<SliceDone> {
  const headers = { authorization: `Bearer ${build.secret}` };
  const path = pathOf[workload];
  const cpu = process.cpuUsage();
  const until = performance.now() + ms;
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
  await Promise.all(Array.from({ length: 10 }, worker));
  const used = process.cpuUsage(cpu);
  return { answered, cpuUs: used.user + used.system };
}

const send = process.send?.bind(process);
if (!send) throw new Error('app-ab-process.ts runs under app-ab.ts (it needs an IPC channel)');
const build = await openAppBuild(process.argv[2] ?? 'build', process.cwd(), 2000);
process.on('message', (asked: SliceAsked) => {
  drive(build, asked).then(
    (done) => send(done),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => build.close());
send('ready');
