import type { LoadRequest, LoadSummary, Workload } from './load';
import { median } from './median-interval';

/** One round of a read-path comparison: the bare app, then the read, back to back. */
export interface ReadPathRound {
  bare: number;
  detail: number;
  /** CPU time of this process (the server, or the bare app) per answer, in microseconds. */
  bareCpuUs: number;
  detailCpuUs: number;
  /** Successful writes per second of the writer running meanwhile, if any. */
  writesPerSecond?: number;
}

/** A read measured against the bare app, and the share of its rate it should reach. */
export interface ReadPathWorkload {
  name: string;
  workload: Workload;
  writer?: LoadRequest['writer'];
  /** Target: at least this share of the bare app's rate; undefined = none set. */
  target: number | undefined;
}

export interface ReadPathResult {
  name: string;
  target: number | undefined;
  rounds: ReadPathRound[];
}

/** Renames per second of the writer of the third read (issue 24). */
export const WRITES_PER_SECOND = 20;

/**
 * The reads of issues 12 and 24 on one backend: the workspace detail asked again and again (kept * answers serve it), a rotating set of workspaces with a query string of its own on every request
 * (no cached answer can serve it; cached key and workspace rows can), and the detail while another
 * client renames that workspace 20 times a second (every rename drops what was kept).
 */
export function readPathWorkloads(
  dialect: 'sqlite' | 'postgres',
  detailPath: string,
  rotatingPaths: string[],
): ReadPathWorkload[] {
  const targets = dialect === 'postgres' ? [0.4, 0.25, 0.25] : [0.4, 0.45, 0.35];
  return [
    { name: 'repeated', workload: { kind: 'get', path: detailPath }, target: targets[0] },
    {
      name: 'rotating',
      workload: { kind: 'rotating', paths: rotatingPaths },
      target: targets[1],
    },
    {
      name: 'writes',
      workload: { kind: 'get', path: detailPath },
      writer: { path: detailPath, perSecond: WRITES_PER_SECOND },
      target: targets[2],
    },
  ];
}

/** What each read-path workload is, in the report. */
export const READ_PATH_LABELS: Record<string, string> = {
  repeated: 'workspace detail, the same URL repeated',
  rotating: `workspace detail of 200 workspaces in turn, a new query string on every request`,
  writes: `workspace detail while another client renames it ${WRITES_PER_SECOND} times a second`,
};

/**
 * On this shared 2-core machine the rate of one 4-second measurement moves by half from one minute
 * to the next, so each read is measured right after the bare app, in several rounds, the reads
 * taking turns, and the median of the rounds' ratios is the figure (rather than one measurement of
 * each, minutes apart).
 */
export async function measureReadPath(
  run: (request: Omit<LoadRequest, 'key' | 'url'>, url: string) => Promise<LoadSummary>,
  options: {
    bareUrl: string;
    serverUrl: string;
    workloads: readonly ReadPathWorkload[];
    rounds: number;
    connections: number;
    durationSeconds: number;
    progress?: (line: string) => void;
  },
): Promise<ReadPathResult[]> {
  const { connections, durationSeconds } = options;
  const results = options.workloads.map(({ name, target }) => ({
    name,
    target,
    rounds: [] as ReadPathRound[],
  }));
  // The load generator is another process: this process's CPU time is the server's alone.
  const measured = async (request: Omit<LoadRequest, 'key' | 'url'>, url: string) => {
    const before = process.cpuUsage();
    const summary = await run(request, url);
    const cpu = process.cpuUsage(before);
    const cpuUs = (cpu.user + cpu.system) / Math.max(1, summary.ok + summary.non2xx);
    return { summary, cpuUs };
  };
  for (let i = 0; i < options.rounds; i++) {
    for (const [index, read] of options.workloads.entries()) {
      options.progress?.(`read path round ${i + 1}/${options.rounds}: ${read.name}`);
      const bare = await measured(
        { workload: { kind: 'get', path: '/bench/hello' }, connections, durationSeconds },
        options.bareUrl,
      );
      const detail = await measured(
        {
          workload: read.workload,
          connections,
          durationSeconds,
          ...(read.writer ? { writer: read.writer } : {}),
        },
        options.serverUrl,
      );
      const writes = detail.summary.writesPerSecond;
      results[index]?.rounds.push({
        bare: bare.summary.rps,
        detail: detail.summary.rps,
        bareCpuUs: bare.cpuUs,
        detailCpuUs: detail.cpuUs,
        ...(writes === undefined ? {} : { writesPerSecond: writes }),
      });
    }
  }
  return results;
}

export const medianRatio = (
  rounds: readonly ReadPathRound[],
  ratio: (round: ReadPathRound) => number = (round) => round.detail / round.bare,
): number => median(rounds.map(ratio));

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const byCpu = (round: ReadPathRound) => round.bareCpuUs / round.detailCpuUs;

/** The verdict of one read against its target, as the report and docs/performance.md state it. */
export function verdict(result: ReadPathResult): string {
  const ratio = medianRatio(result.rounds);
  if (result.target === undefined) return percent(ratio);
  return `**${percent(ratio)}** (target ${percent(result.target)}: ${ratio >= result.target ? 'met' : 'missed'})`;
}

export function readPathMarkdown(results: readonly ReadPathResult[], connections: number): string {
  const rate = (value: number) => Math.round(value).toLocaleString('en');
  const us = (value: number) => value.toFixed(1);
  return [
    `Read path (issues 12 and 24): each read right after the bare Hono app without middleware, ${connections} connections, the reads taking turns, ${results[0]?.rounds.length ?? 0} rounds. Rates: median of the rounds' ratios to the bare app. CPU: the server process's CPU time per answer; the bare / read ratio of it is the rate ratio a server-bound core would give, and moves less with the machine's other load than the rates do.`,
    '',
    '| Read | median vs bare app | rounds (read / bare) | by CPU per answer | µs CPU per answer (median) | bare app µs CPU | read req/s (median) | writes/s |',
    '|---|---|---|---:|---:|---:|---:|---:|',
    ...results.map((result) => {
      const writes = result.rounds
        .map((round) => round.writesPerSecond)
        .filter((value) => value !== undefined);
      return [
        '',
        READ_PATH_LABELS[result.name] ?? result.name,
        verdict(result),
        result.rounds.map((round) => (100 * (round.detail / round.bare)).toFixed(1)).join(', '),
        percent(medianRatio(result.rounds, byCpu)),
        us(median(result.rounds.map((round) => round.detailCpuUs))),
        us(median(result.rounds.map((round) => round.bareCpuUs))),
        rate(median(result.rounds.map((round) => round.detail))),
        writes.length > 0 ? median(writes).toFixed(1) : '',
        '',
      ]
        .join(' | ')
        .trim();
    }),
  ].join('\n');
}
