import { readFileSync, writeFileSync } from 'node:fs';
import { type ScaleRow, scaleTable } from './scale-measure';
import { type WorkersRow, workersTable } from './workers';

export const START_MARKER = '<!-- bench:scale:start -->';
export const END_MARKER = '<!-- bench:scale:end -->';

export interface ScaleReport {
  started: Date;
  loadBefore: number;
  loadAfter: number;
  durationSeconds: number;
  scale: ScaleRow[] | undefined;
  workers: WorkersRow[] | undefined;
  workerConnections: number;
}

const waits = (row: ScaleRow) => Object.values(row.sampled.waiting).reduce((sum, n) => sum + n, 0);

/** The plain statement per target of issue 12: met or missed, with the figure. */
export function scaleTargets(rows: ScaleRow[]): string[] {
  const one = (connections: number) => rows.find((r) => r.processes === 1 && r.connections === connections);
  const two = rows.find((row) => row.processes > 1);
  const lines: string[] = [];
  const base = two && one(two.connections);
  if (two && base) {
    const ratio = two.cycles / Math.max(1, base.cycles);
    const cpu = two.sampled.cpuPercent;
    const figure = `${two.cycles.toFixed(0)} cycles/s against ${base.cycles.toFixed(0)} (${ratio.toFixed(2)}x)`;
    if (ratio >= 1.5)
      lines.push(`- Two processes on distinct workspaces at least 1.5x one process: **met**, ${figure}.`);
    else if (cpu >= 90 && waits(two) < 0.5)
      lines.push(
        `- Two processes on distinct workspaces at least 1.5x one process: **missed as a ratio** (${figure}), ` +
          `**met by the CPU-bound alternative**: the machine's CPU was ${cpu.toFixed(0)}% busy and ${waits(two).toFixed(1)} sessions waited on a lock (mean).`,
      );
    else
      lines.push(
        `- Two processes on distinct workspaces at least 1.5x one process: **missed**, ${figure}; machine CPU ${cpu.toFixed(0)}%, ${waits(two).toFixed(1)} sessions waiting on a lock (mean).`,
      );
  }
  const [eight, thirtyTwo] = [one(8), one(32)];
  if (eight && thirtyTwo) {
    const change = (100 * (thirtyTwo.cycles - eight.cycles)) / Math.max(1, eight.cycles);
    const verdict = change >= -10 ? '**met**' : '**missed**';
    lines.push(
      `- 32 connections within 10% of 8 (read as: at most 10% fewer cycles/s; more is better): ${verdict}, ${thirtyTwo.cycles.toFixed(0)} against ${eight.cycles.toFixed(0)} cycles/s (${change >= 0 ? '+' : ''}${change.toFixed(0)}%); ${waits(thirtyTwo).toFixed(1)} sessions waiting on a lock at 32.`,
    );
  }
  return lines;
}

function workersSummary(rows: WorkersRow[]): string[] {
  const lines: string[] = [];
  for (const workload of new Set(rows.map((row) => row.workload))) {
    const [a, b] = [1, 2].map((n) => rows.find((row) => row.workers === n && row.workload === workload));
    if (!a || !b) continue;
    const rate = (row: WorkersRow) => row.summary.cyclesPerSecond ?? row.summary.rps;
    lines.push(
      `- ${workload}: 2 workers ${(rate(b) / Math.max(1, rate(a))).toFixed(2)}x of 1 (${rate(b).toFixed(0)} against ${rate(a).toFixed(0)} ${a.summary.cyclesPerSecond === undefined ? 'req/s' : 'cycles/s'}).`,
    );
  }
  return lines;
}

export function scaleMarkdown(report: ScaleReport): string {
  const lines = [
    `Run of ${report.started.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\`, ${report.durationSeconds} s per measurement; ` +
      `1-minute load average ${report.loadBefore.toFixed(2)} before the whole bench, ${report.loadAfter.toFixed(2)} after ` +
      '(above ~1: other work shared the 2 cores, and the figures are lower and noisier than on an idle machine).',
    '',
  ];
  if (report.scale) {
    lines.push('PostgreSQL 15 (fsync on), preview + commit, one load process per server process:', '');
    lines.push(...scaleTable(report.scale), '', ...scaleTargets(report.scale), '');
  } else lines.push('PostgreSQL scale workload: not run (no PostgreSQL, or `--backend sqlite`).', '');
  if (report.workers) {
    lines.push('`WSADMIN_WORKERS=1` against `2`, SQLite file, one load process:', '');
    lines.push(
      ...workersTable(report.workers, report.workerConnections),
      '',
      ...workersSummary(report.workers),
      '',
    );
  }
  return lines.join('\n');
}

/** Replaces what lies between the markers of docs/performance.md. */
export function writeIntoDocs(file: string, markdown: string): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`${file} lacks the ${START_MARKER} … ${END_MARKER} markers`);
  writeFileSync(file, `${text.slice(0, start + START_MARKER.length)}\n${markdown}\n${text.slice(end)}`);
}
