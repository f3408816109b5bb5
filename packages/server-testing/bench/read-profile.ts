import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { readConfig, startServer } from '@wsadmin/server';
import { Hono } from 'hono';
import pg from 'pg';
import { type Backend, postgresBackend, sqliteBackend } from './backends';
import { analyze } from './indexes';
import type { Workload } from './load';
import { LoadGenerator } from './load-client';
import { WRITES_PER_SECOND } from './read-path';
import { seedWorkspace } from './seed';

/**
 * Where the server's CPU goes while it answers the workspace detail under load: the server in this
 * process (as `npm run bench` runs it), autocannon in another, a CPU profile of this process over
 * the measurement (node:inspector, 100 µs samples), self time grouped by where the code lives, and
 * the database statements sent per answer (counted at pg's Client.query). Options: --backend
 * postgres|sqlite (postgres), --workload repeated|rotating|writes (repeated: one URL; rotating: 200
 * workspaces, a new query string each request; writes: one URL while another client renames that
 * workspace 20 times a second; bare: the bench's bare Hono app without middleware on its own port,
 * the reference of the ratios), --duration <s> (5), --connections <n> (10), --top <n> (15 functions),
 * --save <file.cpuprofile> (the whole profile too, for Chrome's DevTools or a closer look).
 */

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    workload: { type: 'string', default: 'repeated' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    top: { type: 'string', default: '15' },
    save: { type: 'string' },
  },
});

const backend: Backend | undefined = args.backend === 'sqlite' ? sqliteBackend() : await postgresBackend();
if (!backend) process.exit(1);
const secret = `wsk_profile_${Date.now()}`;
const server = await startServer(
  readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: backend.databaseUrl,
    WSADMIN_BOOTSTRAP_KEY: secret,
  }),
);
const load = new LoadGenerator();
const closing: Array<() => void> = [];
try {
  const now = server.clock.now();
  const ids: number[] = [];
  for (let i = 0; i < (args.workload === 'rotating' ? 200 : 1); i++) {
    ids.push(await seedWorkspace(server.storage.db, `profile ${i}`, now));
  }
  await analyze(server.storage.db, server.storage.dialect);
  const workload: Workload =
    args.workload === 'rotating'
      ? { kind: 'rotating', paths: ids.map((id) => `/openapi/v1/workspaces/${id}/`) }
      : { kind: 'get', path: `/openapi/v1/workspaces/${ids[0]}/` };
  const bareUrl = args.workload === 'bare' ? await startBareApp(closing) : undefined;
  const writer = { path: `/openapi/v1/workspaces/${ids[0]}/`, perSecond: WRITES_PER_SECOND };
  const request = {
    url: bareUrl ?? server.url,
    key: secret,
    workload: bareUrl ? ({ kind: 'get', path: '/bench/hello' } as const) : workload,
    connections: Number(args.connections),
    ...(args.workload === 'writes' ? { writer } : {}),
  };
  // Warm: compiled code paths, pool connections, cached rows.
  await load.run({ ...request, durationSeconds: 2 });

  const statements = countStatements();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const loadBefore = loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  await session.post('Profiler.start');
  const summary = await load.run({ ...request, durationSeconds: Number(args.duration) });
  const { profile } = await session.post('Profiler.stop');
  const cpu = process.cpuUsage(cpuBefore);
  statements.stop();
  session.disconnect();
  if (args.save) writeFileSync(args.save, JSON.stringify(profile));
  const answers = summary.ok + summary.non2xx;
  console.log(
    [
      `## CPU profile: ${backend.name}, workspace detail (${args.workload}), ${new Date().toISOString()}`,
      '',
      `${Math.round(summary.rps).toLocaleString('en')} req/s over ${args.connections} connections, ${answers.toLocaleString('en')} answers (${summary.non2xx} not 2xx); ` +
        `server CPU ${((cpu.user + cpu.system) / Math.max(1, answers)).toFixed(1)} µs per answer; ` +
        `${(statements.count / Math.max(1, answers)).toFixed(2)} database statements per answer (pg's Client.query; SQLite's quick reads are not counted); ` +
        `1-minute load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after.`,
      '',
      profileMarkdown(profile, answers, Number(args.top)),
    ].join('\n'),
  );
} finally {
  for (const close of closing) close();
  load.close();
  await server.close();
  await backend.close();
}

/** The reference of `npm run bench` (run.ts): a Hono app without middleware, in this process. */
async function startBareApp(closing: Array<() => void>): Promise<string> {
  const bare = serve({
    fetch: new Hono().get('/bench/hello', (c) => c.text('hello')).fetch,
    hostname: '127.0.0.1',
    port: 0,
  });
  await once(bare, 'listening');
  closing.push(() => bare.close());
  return `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
}

/** Counts every statement pg sends from this process (Kysely's, prepared reads, version reads). */
function countStatements() {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const counter = { count: 0, stop: () => (prototype.query = original) };
  prototype.query = function (this: unknown, ...queryArgs: unknown[]) {
    counter.count++;
    return original.apply(this, queryArgs);
  };
  return counter;
}

/** Self time by where the code lives, and the functions with the most self time. */
function profileMarkdown(profile: Profiler.Profile, answers: number, top: number): string {
  const samples = profile.samples?.length ?? 1;
  const usPerSample = (profile.endTime - profile.startTime) / samples;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const place = placeOf(node.callFrame.url, node.callFrame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    if (place === '(idle)') continue;
    const file = node.callFrame.url.replace(/^.*\/(node_modules|packages)\//, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const busy = samples - (byPlace.get('(idle)') ?? 0);
  const row = (name: string, hits: number) =>
    `| ${name} | ${((hits * usPerSample) / Math.max(1, answers)).toFixed(1)} | ${((100 * hits) / Math.max(1, busy)).toFixed(1)}% |`;
  return [
    '| Where (self time) | µs per answer | share of busy samples |',
    '|---|---:|---:|',
    ...[...byPlace]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .map(([name, hits]) => row(name, hits)),
    `| (idle: waiting for the network, the database, the load) | ${(((byPlace.get('(idle)') ?? 0) * usPerSample) / Math.max(1, answers)).toFixed(1)} | |`,
    '',
    `| Top ${top} functions (self time) | µs per answer | share of busy samples |`,
    '|---|---:|---:|',
    ...[...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => row(`\`${name}\``, hits)),
  ].join('\n');
}

function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native, V8 built-ins)';
  const inModules = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1] ?? url;
  const ours = /packages\/([^/]+)\//.exec(url);
  if (ours) return `@wsadmin/${ours[1]}`;
  if (url.startsWith('node:')) return 'Node internals';
  return url;
}
