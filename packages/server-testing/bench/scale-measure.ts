import pg from 'pg';
import { createTestDatabase, startThrowawayPostgres } from '../src/postgres';
import type { LoadSummary } from './load';
import { LoadGenerator } from './load-client';
import { cpuPercent, cpuTimes, newWorkspace, type ServerProcess, startServerProcess } from './server-process';

/**
 * Write scaling on PostgreSQL (issue 12): preview + commit cycles of new dimensions, by `npm start`
 * processes on one throwaway PostgreSQL 15 database (fsync on), each loaded by its own load.ts
 * process: one process on one workspace at each connection count, then `processes` processes at
 * once, each on its own workspace, with the first count. While loading, pg_stat_activity is sampled
 * every 100 ms: how many server sessions wait on a lock.
 */
export interface ScaleOptions {
  durationSeconds: number;
  /** Connection counts of one process; the first is also each process's count in the multi-process run. */
  connections: number[];
  processes: number;
  /** Checkout whose servers run (its node_modules installed). */
  repo: string;
}

export interface Sampled {
  samples: number;
  /** Mean number of server sessions waiting on a lock, by wait event. */
  waiting: Record<string, number>;
  sessions: number;
  cpuPercent: number;
}

export interface ScaleRow {
  name: string;
  processes: number;
  connections: number;
  cycles: number;
  perProcess: number[];
  p99: number;
  failed: number;
  sampled: Sampled;
}

const progress = (line: string) => process.stderr.write(`scale: ${line}\n`);

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
  return {
    summaries,
    sampled: { samples, waiting, sessions: sessions / samples, cpuPercent: cpuPercent(before, after) },
  };
}

export async function measureScale(options: ScaleOptions): Promise<ScaleRow[]> {
  const secret = `wsk_scale_${Date.now()}`;
  const postgres = await startThrowawayPostgres({ durable: true });
  const databaseUrl = await createTestDatabase(postgres.adminUrl, 'scale');
  const session = new pg.Client({ connectionString: databaseUrl });
  const servers: ServerProcess[] = [];
  const generators: LoadGenerator[] = [];
  const rows: ScaleRow[] = [];
  const first = options.connections[0] ?? 8;
  try {
    for (let index = 0; index < options.processes; index++) {
      servers.push(await startServerProcess({ repo: options.repo, databaseUrl, secret }));
      generators.push(new LoadGenerator());
    }
    await session.connect();
    let run = 0;
    const load = (index: number, workspaceId: number, connections: number) => () =>
      (generators[index] as LoadGenerator).run({
        url: (servers[index] as ServerProcess).url,
        key: secret,
        workload: { kind: 'preview-commit', workspaceId, prefix: `s${run++}` },
        connections,
        durationSeconds: options.durationSeconds,
      });
    const record = async (
      name: string,
      shape: { processes: number; connections: number },
      loads: Array<() => Promise<LoadSummary>>,
    ) => {
      progress(name);
      const { summaries, sampled } = await measure(session, loads);
      // autocannon stops at its deadline without waiting for answers in flight: let them finish.
      await new Promise((settle) => setTimeout(settle, 500));
      const perProcess = summaries.map((summary) => summary.cyclesPerSecond ?? 0);
      rows.push({
        name,
        ...shape,
        cycles: perProcess.reduce((sum, value) => sum + value, 0),
        perProcess,
        p99: Math.max(...summaries.map((summary) => summary.p99)),
        failed: summaries.reduce((sum, summary) => sum + summary.non2xx + summary.errors, 0),
        sampled,
      });
    };

    const workspaces: number[] = [];
    for (const [index, server] of servers.entries()) {
      workspaces.push(await newWorkspace(server, secret, `scale ${index}`));
    }
    const [own] = workspaces as [number];
    // Warm-up: the first seconds of a fresh process and database are not representative.
    await load(0, own, first)();
    for (const connections of options.connections) {
      await record(`1 process, 1 workspace, ${connections} connections`, { processes: 1, connections }, [
        load(0, own, connections),
      ]);
    }
    if (options.processes > 1) {
      await record(
        `${options.processes} processes, own workspace each, ${first} connections each`,
        { processes: options.processes, connections: first },
        workspaces.map((workspaceId, index) => load(index, workspaceId, first)),
      );
    }
  } finally {
    for (const generator of generators) generator.close();
    await Promise.all(servers.map((server) => server.stop()));
    await session.end().catch(() => undefined);
    await postgres.stop();
  }
  return rows;
}

const describeWaits = (waiting: Record<string, number>) =>
  Object.entries(waiting)
    .map(([event, n]) => `${event} ${n.toFixed(1)}`)
    .join(', ') || '0';

export function scaleTable(rows: ScaleRow[]): string[] {
  return [
    '| Load | cycles/s | per process | p99 ms | failed | server sessions (mean) | waiting on a lock (mean) | machine CPU |',
    '|---|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.cycles.toFixed(0)} | ${row.perProcess.map((value) => value.toFixed(0)).join(' + ')} | ${row.p99} | ${row.failed} | ${row.sampled.sessions.toFixed(1)} | ${describeWaits(row.sampled.waiting)} | ${row.sampled.cpuPercent.toFixed(0)}% |`,
    ),
  ];
}
