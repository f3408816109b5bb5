import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadSummary, Workload } from './load';
import { LoadGenerator } from './load-client';
import { cpuPercent, cpuTimes, newWorkspace, startServerProcess } from './server-process';

/**
 * WSADMIN_WORKERS=1 against 2 on a SQLite file: `npm start` in production mode, a fresh database
 * each, loaded by one load.ts process over new connections (the cluster deals connections to
 * the workers in turn). Workloads: the workspace detail read, and preview + commit.
 */
export interface WorkersRow {
  workers: number;
  workload: string;
  summary: LoadSummary;
  cpuPercent: number;
}

const progress = (line: string) => process.stderr.write(`workers: ${line}\n`);

export async function measureWorkers(options: {
  durationSeconds: number;
  connections: number;
  repo: string;
  counts: number[];
}): Promise<WorkersRow[]> {
  const rows: WorkersRow[] = [];
  const load = new LoadGenerator();
  const secret = `wsk_workers_${Date.now()}`;
  try {
    for (const workers of options.counts) {
      const dir = mkdtempSync(join(tmpdir(), 'wsadmin-bench-workers-'));
      const server = await startServerProcess({
        repo: options.repo,
        databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
        secret,
        env: { WSADMIN_WORKERS: String(workers) },
      });
      try {
        const workspaceId = await newWorkspace(server, secret, 'workers');
        const workloads: Array<[string, Workload]> = [
          ['workspace detail', { kind: 'get', path: `/openapi/v1/workspaces/${workspaceId}/` }],
          ['preview + commit', { kind: 'preview-commit', workspaceId, prefix: `w${workers}` }],
        ];
        // Warm-up: every worker's first requests compile and fill caches.
        await load.run({
          url: server.url,
          key: secret,
          workload: workloads[0]?.[1] as Workload,
          connections: options.connections,
          durationSeconds: 2,
        });
        for (const [name, workload] of workloads) {
          progress(`${workers} worker(s): ${name}`);
          const before = cpuTimes();
          const summary = await load.run({
            url: server.url,
            key: secret,
            workload,
            connections: options.connections,
            durationSeconds: options.durationSeconds,
          });
          rows.push({ workers, workload: name, summary, cpuPercent: cpuPercent(before, cpuTimes()) });
          await new Promise((settle) => setTimeout(settle, 300));
        }
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    load.close();
  }
  return rows;
}

export function workersTable(rows: WorkersRow[], connections: number): string[] {
  return [
    `| Workload | workers | req/s (${connections} connections) | cycles/s | p50 ms | p99 ms | failed | machine CPU |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ workers, workload, summary, cpuPercent }) => {
      const cycles = summary.cyclesPerSecond === undefined ? '' : summary.cyclesPerSecond.toFixed(0);
      return `| ${workload} | ${workers} | ${Math.round(summary.rps).toLocaleString('en')} | ${cycles} | ${summary.p50} | ${summary.p99} | ${summary.non2xx + summary.errors} | ${cpuPercent.toFixed(0)}% |`;
    }),
  ];
}
