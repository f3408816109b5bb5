import type { LoadRequest, LoadSummary } from './load';

/** One round of the read-path comparison: the bare app, then the workspace detail, back to back. */
export interface ReadPathRound {
  bare: number;
  detail: number;
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
  for (let i = 0; i < options.rounds; i++) {
    const bare = await run(
      { workload: { kind: 'get', path: '/bench/hello' }, connections, durationSeconds },
      options.bareUrl,
    );
    const detail = await run(
      { workload: { kind: 'get', path: options.detailPath }, connections, durationSeconds },
      options.serverUrl,
    );
    rounds.push({ bare: bare.rps, detail: detail.rps });
  }
  return rounds;
}

export const medianRatio = (rounds: readonly ReadPathRound[]): number => {
  const ratios = rounds.map((round) => round.detail / round.bare).sort((a, b) => a - b);
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2
    ? (ratios[middle] ?? Number.NaN)
    : ((ratios[middle - 1] ?? 0) + (ratios[middle] ?? 0)) / 2;
};

export function readPathMarkdown(rounds: readonly ReadPathRound[], connections: number): string {
  const rate = (value: number) => Math.round(value).toLocaleString('en');
  const median = medianRatio(rounds);
  return [
    `Read path (issue 12): the bare Hono app without middleware, then the workspace detail, back to back, ${connections} connections:`,
    '',
    '| Round | bare app req/s | workspace detail req/s | detail / bare |',
    '|---:|---:|---:|---:|',
    ...rounds.map(
      (round, i) =>
        `| ${i + 1} | ${rate(round.bare)} | ${rate(round.detail)} | ${((100 * round.detail) / round.bare).toFixed(1)}% |`,
    ),
    '',
    `Median of the rounds: **${(100 * median).toFixed(1)}%** (target 40%: ${median >= 0.4 ? 'met' : 'missed'}).`,
  ].join('\n');
}
