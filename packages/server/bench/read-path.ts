import type { LoadRequest, LoadSummary } from './load';

/** One round of the read-path comparison: the bare app, then the workspace detail, back to back. */
export interface ReadPathRound {
  bare: number;
  detail: number;
  /** CPU time of this process (the server, or the bare app) per answer, in microseconds. */
  bareCpuUs: number;
  detailCpuUs: number;
}

/**
 * Issue 12's read-path target: the workspace detail at 40% or more of a bare Hono app's rate. On
 * this shared 2-core machine the rate of one 4-second measurement moves by half from one minute to
 * the next, so the two are measured back to back, several rounds, and the median of the rounds'
 * ratios is the figure (rather than one measurement of each, minutes apart).
 */
export async function measureReadPath(
  run: (request: Omit<LoadRequest, 'key' | 'url'>, url: string) => Promise<LoadSummary>,
  options: {
    bareUrl: string;
    serverUrl: string;
    detailPath: string;
    rounds: number;
    connections: number;
    durationSeconds: number;
  },
): Promise<ReadPathRound[]> {
  const { connections, durationSeconds } = options;
  const rounds: ReadPathRound[] = [];
  // The load generator is another process: this process's CPU time is the server's alone.
  const measured = async (path: string, url: string) => {
    const before = process.cpuUsage();
    const summary = await run({ workload: { kind: 'get', path }, connections, durationSeconds }, url);
    const cpu = process.cpuUsage(before);
    return { rps: summary.rps, cpuUs: (cpu.user + cpu.system) / Math.max(1, summary.ok + summary.non2xx) };
  };
  for (let i = 0; i < options.rounds; i++) {
    const bare = await measured('/bench/hello', options.bareUrl);
    const detail = await measured(options.detailPath, options.serverUrl);
    rounds.push({ bare: bare.rps, detail: detail.rps, bareCpuUs: bare.cpuUs, detailCpuUs: detail.cpuUs });
  }
  return rounds;
}

export const medianRatio = (
  rounds: readonly ReadPathRound[],
  ratio: (round: ReadPathRound) => number = (round) => round.detail / round.bare,
): number => {
  const ratios = rounds.map(ratio).sort((a, b) => a - b);
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2
    ? (ratios[middle] ?? Number.NaN)
    : ((ratios[middle - 1] ?? 0) + (ratios[middle] ?? 0)) / 2;
};

export function readPathMarkdown(rounds: readonly ReadPathRound[], connections: number): string {
  const rate = (value: number) => Math.round(value).toLocaleString('en');
  const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
  const byCpu = (round: ReadPathRound) => round.bareCpuUs / round.detailCpuUs;
  const median = medianRatio(rounds);
  return [
    `Read path (issue 12): the bare Hono app without middleware, then the workspace detail, back to back, ${connections} connections. The CPU columns are the server process's CPU time per answer; their ratio is the rate ratio a server-bound core would give, and moves less with the machine's other load than the rates do.`,
    '',
    '| Round | bare app req/s | workspace detail req/s | detail / bare | bare app µs CPU | detail µs CPU | bare / detail CPU |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...rounds.map(
      (round, i) =>
        `| ${i + 1} | ${rate(round.bare)} | ${rate(round.detail)} | ${percent(round.detail / round.bare)} | ${round.bareCpuUs.toFixed(1)} | ${round.detailCpuUs.toFixed(1)} | ${percent(byCpu(round))} |`,
    ),
    '',
    `Median of the rounds: **${percent(median)}** of the bare app's rate (target 40%: ${median >= 0.4 ? 'met' : 'missed'}); by CPU time per answer ${percent(medianRatio(rounds, byCpu))}.`,
  ].join('\n');
}
