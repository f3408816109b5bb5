import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { tempDatabase } from '../src/processes';
import { seedWorkspace } from './seed';
import { quantile } from './tracing-interleaved';
import { BENCH_KEY, type ServerSetting, startBenchServer, TRACING_VARIABLES } from './tracing-settings';

/**
 * What a tracing setting adds to a request, paired request by request in process: `node --expose-gc
 * --conditions=@wsadmin/source --import tsx packages/server-testing/bench/tracing-paired.ts
 * --settings 'off,off#2,ratio 0'`. Each setting's server (a name after `#` is a second server of
 * the same setting: the control; `+hook`, its requests served with an AsyncLocalStorage switched on,
 * what Node 20's hook costs a request while another's context is entered) answers the uncached
 * detail read in turn, request by request, each
 * timed alone (`process.cpuUsage`); the first fifth is warm-up. Printed per setting: mean, trimmed
 * mean (the slowest 2 % left out) and median CPU µs per request, and the mean of its differences
 * with the first setting's request of the same turn, ± its standard error. Finer than the batches
 * of `npm run bench:tracing` for a difference of a few µs on a loaded machine.
 * Options: --settings (off,off#2,ratio 0), --requests <n> (10000) per setting.
 */
const { values: args } = parseArgs({
  options: {
    settings: { type: 'string', default: 'off,off#2,ratio 0' },
    requests: { type: 'string', default: '10000' },
  },
});
const names = (args.settings ?? '').split(',');
const settingOf = (name: string) => {
  const setting = name.replace(/[#+].*/, '');
  if (!(setting in TRACING_VARIABLES))
    throw new Error(`--settings: each one of ${Object.keys(TRACING_VARIABLES)}`);
  return setting as ServerSetting;
};
const database = tempDatabase('wsadmin-bench-tracing-paired-');
const apps = new Map<string, Awaited<ReturnType<typeof startBenchServer>>['server']>();
for (const name of names) apps.set(name, (await startBenchServer(settingOf(name), database.url)).server);
const first = apps.get(names[0] ?? '');
if (!first) throw new Error('--settings: none');
const ids: number[] = [];
for (let i = 0; i < 200; i++) ids.push(await seedWorkspace(first.storage.db, `bench ${i}`, new Date()));
const hook = new AsyncLocalStorage<boolean>();
const headers = { authorization: `Bearer ${BENCH_KEY}` };
const requests = Number(args.requests);
const used = new Map(names.map((name) => [name, [] as number[]]));
let index = 0;
for (let turn = 0; turn < requests; turn++) {
  // Each setting goes first as often as last.
  for (const name of turn % 2 ? names : [...names].reverse()) {
    const app = apps.get(name)?.app;
    if (!app) throw new Error(name);
    await nextTurn();
    const path = `/openapi/v1/workspaces/${ids[index % ids.length]}/?paired=${index++}`;
    const hooked = name.endsWith('+hook');
    if (hooked) hook.enterWith(true);
    const started = process.cpuUsage();
    await (await app.request(path, { headers })).arrayBuffer();
    const cpu = process.cpuUsage(started);
    if (hooked) hook.disable();
    if (turn >= requests / 5) used.get(name)?.push(cpu.user + cpu.system);
  }
}
for (const server of apps.values()) await server.close();
database.remove();

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const trimmed = (values: readonly number[]) =>
  mean([...values].sort((a, b) => a - b).slice(0, Math.floor(values.length * 0.98)));
const base = used.get(names[0] ?? '') ?? [];
console.log(
  `| setting | mean µs | trimmed mean | median | added vs ${names[0]} (mean ± s.e.) | added, trimmed |`,
);
console.log('|---|---|---|---|---|---|');
for (const name of names) {
  const values = used.get(name) ?? [];
  const differences = values.map((value, i) => value - (base[i] ?? 0));
  const m = mean(differences);
  const error = Math.sqrt(mean(differences.map((d) => (d - m) ** 2)) / differences.length);
  console.log(
    `| ${name} | ${mean(values).toFixed(1)} | ${trimmed(values).toFixed(1)} | ${quantile(values, 0.5).toFixed(1)} | ${m.toFixed(1)} ± ${error.toFixed(1)} | ${(trimmed(values) - trimmed(base)).toFixed(1)} |`,
  );
}
