import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createTestDatabase, startThrowawayPostgres } from '../src/testing/postgres';
import { collect, REPO_ROOT, stop, waitFor } from '../src/testing/processes';
import type { LoadSummary } from './load';
import { LoadGenerator } from './load-client';

/**
 * Write scaling on PostgreSQL (issue 12): preview + commit cycles of new dimensions, by `npm start`
 * processes on one throwaway PostgreSQL 15 database (fsync on), loaded by load.ts processes.
 * - one process, one workspace, at each of --connections (default 8,16,32);
 * - --processes (default 2) processes on one database, each loading its own workspace with the first
 *   connection count, against one process alone with the same count.
 * While loading, pg_stat_activity is sampled every 100 ms: how many server sessions wait on a lock.
 * --repo runs the servers of another checkout (its node_modules installed), for before/after figures.
 *
 *   node --conditions=@wsadmin/source --import tsx packages/server/bench/scale.ts [--duration 6]
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    connections: { type: 'string', default: '8,16,32' },
    processes: { type: 'string', default: '2' },
    repo: { type: 'string', default: REPO_ROOT },
  },
});
const duration = Number(args.duration);
const sweep = args.connections.split(',').map(Number);
const processes = Number(args.processes);
const repo = resolve(args.repo);
const secret = `wsk_scale_${Date.now()}`;

interface Server {
  url: string;
  stop(): Promise<void>;
}

function startServer(databaseUrl: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--conditions=@wsadmin/source', '--import', 'tsx', 'packages/server/src/bin/start.ts'],
    {
      cwd: repo,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: databaseUrl,
        WSADMIN_BOOTSTRAP_KEY: secret,
      },
      stdio: 'pipe',
    },
  );
  const output = collect(child);
  return waitFor(output, (o) => /server on http:\/\/\S+/.test(o.stdout), 60_000).then(({ stdout }) => ({
    url: /server on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '',
    stop: () => stop(child),
  }));
}

async function newWorkspace(server: Server, name: string): Promise<number> {
  const response = await fetch(`${server.url}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** CPU time of the whole machine, from /proc/stat: busy and total jiffies. */
function cpuTimes(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

interface Sampled {
  samples: number;
  /** Mean number of server sessions waiting on a lock, by wait event. */
  waiting: Record<string, number>;
  sessions: number;
  cpuPercent: number;
}

/** Runs the loads at once while sampling pg_stat_activity. */
async function measure(
  session: pg.Client,
  loads: Array<() => Promise<LoadSummary>>,
): Promise<{ summaries: LoadSummary[]; sampled: Sampled }> {
  const counts: Record<string, number> = {};
  let samples = 0;
  let sessions = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await session.query<{ event: string | null; n: number }>(
        `select case when wait_event_type = 'Lock' then wait_event end as event, count(*)::int as n
         from pg_stat_activity where datname = current_database() and application_name = 'wsadmin'
         group by 1`,
      );
      samples++;
      for (const row of rows) {
        sessions += row.n;
        if (row.event) counts[row.event] = (counts[row.event] ?? 0) + row.n;
      }
      await new Promise((wake) => setTimeout(wake, 100));
    }
  })();
  const before = cpuTimes();
  const summaries = await Promise.all(loads.map((load) => load()));
  const after = cpuTimes();
  running = false;
  await sampler;
  const waiting = Object.fromEntries(Object.entries(counts).map(([event, n]) => [event, n / samples]));
  const cpuPercent = (100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total);
  return { summaries, sampled: { samples, waiting, sessions: sessions / samples, cpuPercent } };
}

interface Row {
  name: string;
  cycles: number;
  perProcess: number[];
  p99: number;
  failed: number;
  sampled: Sampled;
}

const progress = (line: string) => process.stderr.write(`scale: ${line}\n`);

async function main() {
  const postgres = await startThrowawayPostgres({ durable: true });
  const databaseUrl = await createTestDatabase(postgres.adminUrl, 'scale');
  const session = new pg.Client({ connectionString: databaseUrl });
  const servers: Server[] = [];
  const generators: LoadGenerator[] = [];
  const rows: Row[] = [];
  try {
    for (let index = 0; index < processes; index++) servers.push(await startServer(databaseUrl));
    for (let index = 0; index < processes; index++) generators.push(new LoadGenerator());
    await session.connect();
    let run = 0;
    const load = (index: number, workspaceId: number, connections: number) => () => {
      const server = servers[index] as Server;
      const generator = generators[index] as LoadGenerator;
      return generator.run({
        url: server.url,
        key: secret,
        workload: { kind: 'preview-commit', workspaceId, prefix: `s${run++}` },
        connections,
        durationSeconds: duration,
      });
    };
    const record = async (name: string, loads: Array<() => Promise<LoadSummary>>) => {
      progress(name);
      const { summaries, sampled } = await measure(session, loads);
      // autocannon stops at its deadline without waiting for answers in flight: let them finish.
      await new Promise((settle) => setTimeout(settle, 500));
      const perProcess = summaries.map((summary) => summary.cyclesPerSecond ?? 0);
      rows.push({
        name,
        cycles: perProcess.reduce((sum, value) => sum + value, 0),
        perProcess,
        p99: Math.max(...summaries.map((summary) => summary.p99)),
        failed: summaries.reduce((sum, summary) => sum + summary.non2xx + summary.errors, 0),
        sampled,
      });
    };

    const workspaces: number[] = [];
    for (let index = 0; index < processes; index++) {
      workspaces.push(await newWorkspace(servers[index] as Server, `scale ${index}`));
    }
    const [first] = workspaces as [number];
    // Warm-up: the first seconds of a fresh process and database are not representative.
    await load(0, first, sweep[0] ?? 8)();
    for (const connections of sweep) {
      await record(`1 process, 1 workspace, ${connections} connections`, [load(0, first, connections)]);
    }
    if (processes > 1) {
      const connections = sweep[0] ?? 8;
      await record(
        `${processes} processes, own workspace each, ${connections} connections each`,
        workspaces.map((workspaceId, index) => load(index, workspaceId, connections)),
      );
    }
  } finally {
    for (const generator of generators) generator.close();
    await Promise.all(servers.map((server) => server.stop()));
    await session.end().catch(() => undefined);
    await postgres.stop();
  }

  const describe = (waiting: Record<string, number>) =>
    Object.entries(waiting)
      .map(([event, n]) => `${event} ${n.toFixed(1)}`)
      .join(', ') || '0';
  console.log(`\nServers from ${repo}; ${duration} s per measurement; PostgreSQL 15, fsync on.\n`);
  console.log(
    '| Load | cycles/s | per process | p99 ms | failed | server sessions (mean) | waiting on a lock (mean) | machine CPU |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.cycles.toFixed(0)} | ${row.perProcess.map((value) => value.toFixed(0)).join(' + ')} | ${row.p99} | ${row.failed} | ${row.sampled.sessions.toFixed(1)} | ${describe(row.sampled.waiting)} | ${row.sampled.cpuPercent.toFixed(0)}% |`,
    );
  }
}

await main();
