import { BENCH_BASE, openAppBuild } from './app-build';

/**
 * One build's detail read in this process (app-ab-processes.ts starts it): `app.fetch`, 10 requests
 * in flight, 6 s measured after 2 s of warm-up; prints the CPU µs per request. `cached`: one
 * workspace again and again; `uncached`: a query of its own on every request, so no kept answer
 * serves it.
 */
const [root = '', read = 'cached'] = process.argv.slice(2);
const build = await openAppBuild('process', root, 1);
const id = build.ids[0];
const headers = { authorization: `Bearer ${build.secret}` };
let counter = 0;

async function drive(ms: number): Promise<number> {
  const until = performance.now() + ms;
  let answered = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const query = read === 'cached' ? '' : `?n=${counter++}`;
      const answer = await build.fetch(
        new Request(`${BENCH_BASE}/openapi/v1/workspaces/${id}/${query}`, { headers }),
      );
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return answered;
}

await drive(2000);
const cpu = process.cpuUsage();
const answered = await drive(6000);
const used = process.cpuUsage(cpu);
console.log(((used.user + used.system) / answered).toFixed(2));
build.close();
