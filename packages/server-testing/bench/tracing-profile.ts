import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { tempDatabase } from '../src/processes';
import { seedWorkspace } from './seed';
import { BENCH_KEY, type ServerSetting, startBenchServer, TRACING_VARIABLES } from './tracing-settings';

/**
 * The profile of one tracing setting, in process: `node --cpu-prof --conditions=@wsadmin/source
 * --import tsx packages/server-testing/bench/tracing-profile.ts --setting 'sampled 10 %'` runs the
 * uncached detail read through `app.request` (no socket, each request from a turn of the event loop
 * of its own, as a server's), so the profile holds the server's work and tracing's, not a load
 * generator's. --setting off | 'ratio 0' | 'sampled 10 %' | 'always on'; --requests <n> (50000).
 */
const { values: args } = parseArgs({
  options: {
    setting: { type: 'string', default: 'always on' },
    requests: { type: 'string', default: '50000' },
  },
});
const setting = args.setting as ServerSetting;
if (!(setting in TRACING_VARIABLES))
  throw new Error(`--setting: one of ${Object.keys(TRACING_VARIABLES).join(', ')}`);
const database = tempDatabase('wsadmin-bench-tracing-profile-');
const { server, sink } = await startBenchServer(setting, database.url);
const ids: number[] = [];
for (let i = 0; i < 200; i++) ids.push(await seedWorkspace(server.storage.db, `bench ${i}`, new Date()));
const headers = { authorization: `Bearer ${BENCH_KEY}` };
const requests = Number(args.requests);
const started = process.cpuUsage();
for (let i = 0; i < requests; i++) {
  await nextTurn();
  await (
    await server.app.request(`/openapi/v1/workspaces/${ids[i % ids.length]}/?n=${i}`, { headers })
  ).arrayBuffer();
}
const used = process.cpuUsage(started);
await server.close();
database.remove();
console.log(
  `${setting}: ${((used.user + used.system) / requests).toFixed(1)} µs CPU per request, ${(sink.spans / requests).toFixed(2)} spans per request`,
);
