import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { tempDatabase } from '../src/processes';
import { seedWorkspace } from './seed';
import { BENCH_KEY, startBenchServer } from './tracing-settings';

/**
 * What a request the sampler drops pays when a kept one ran just before it in the same turn of the
 * event loop, as over HTTP when several sockets are read in one poll: `node --expose-gc
 * --conditions=@wsadmin/source --import tsx packages/server-testing/bench/tracing-turn.ts`. Each
 * turn runs 10 uncached detail reads, each in a callback of its own (`setImmediate`, all in one
 * phase); every other turn the first goes to an `always on` server (kept), the others always to a
 * `ratio 0` one (dropped). Printed: the CPU µs of the 9 dropped reads, after a kept one and after
 * none, and the mean difference of neighbouring turns ± its standard error. The context manager's
 * hook stays on until it is switched off (on-demand-context.ts), which is what this shows.
 * Options: --turns <n> (3000), the first fifth warm-up.
 */
const { values: args } = parseArgs({ options: { turns: { type: 'string', default: '3000' } } });
const turns = Number(args.turns);
const database = tempDatabase('wsadmin-bench-tracing-turn-');
const kept = (await startBenchServer('always on', database.url)).server;
const dropped = (await startBenchServer('ratio 0', database.url)).server;
const ids: number[] = [];
for (let i = 0; i < 200; i++) ids.push(await seedWorkspace(kept.storage.db, `bench ${i}`, new Date()));
const headers = { authorization: `Bearer ${BENCH_KEY}` };
let index = 0;
const read = async (app: typeof kept.app) =>
  (
    await app.request(`/openapi/v1/workspaces/${ids[index % ids.length]}/?turn=${index++}`, { headers })
  ).arrayBuffer();

/** One turn's 10 reads; the CPU µs per dropped read. */
const turn = (firstKept: boolean) =>
  new Promise<number>((resolve) => {
    let used = 0;
    let left = 10;
    for (let i = 0; i < 10; i++)
      setImmediate(async () => {
        const started = process.cpuUsage();
        await read(i === 0 && firstKept ? kept.app : dropped.app);
        const cpu = process.cpuUsage(started);
        if (i > 0) used += cpu.user + cpu.system;
        if (--left === 0) resolve(used / 9);
      });
  });
const afterKept: number[] = [];
const afterNone: number[] = [];
for (let i = 0; i < turns; i++) {
  await nextTurn();
  const perRead = await turn(i % 2 === 0);
  if (i >= turns / 5) (i % 2 === 0 ? afterKept : afterNone).push(perRead);
}
await kept.close();
await dropped.close();
database.remove();

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const differences = afterKept.map((value, i) => value - (afterNone[i] ?? 0));
const difference = mean(differences);
const error = Math.sqrt(mean(differences.map((d) => (d - difference) ** 2)) / differences.length);
console.log(
  `a dropped read: ${mean(afterKept).toFixed(1)} µs after a kept one in its turn, ${mean(afterNone).toFixed(1)} after none; difference ${difference.toFixed(1)} ± ${error.toFixed(1)}`,
);
