import type { Outcome } from '../cli/runner';
import type { ReplayResult } from './replay';

/** Per operation: how many of its recorded requests matched and how many differed. */
export interface OperationSummary {
  operationId: string;
  matched: number;
  different: number;
}

export function summaryOf(result: ReplayResult): OperationSummary[] {
  const byOperation = new Map<string, OperationSummary>();
  for (const entry of result.replayed) {
    const summary = byOperation.get(entry.operationId) ?? {
      operationId: entry.operationId,
      matched: 0,
      different: 0,
    };
    byOperation.set(entry.operationId, summary);
    if (entry.differences.length === 0) summary.matched += 1;
    else summary.different += 1;
  }
  return [...byOperation.values()].sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/** Whether the replay found anything to report: a difference or an entry it could not replay. */
export const hasDifferences = (result: ReplayResult): boolean =>
  result.problems.length > 0 || result.replayed.some((entry) => entry.differences.length > 0);

/** The report as text: each differing request, the problems, the skipped, the summary per operation. */
export function replayText(result: ReplayResult, against: string): string[] {
  const lines: string[] = [];
  for (const entry of result.replayed) {
    if (entry.differences.length === 0) continue;
    lines.push(`DIFF #${entry.index} ${entry.method} ${entry.path} (${entry.operationId})`);
    for (const difference of entry.differences) lines.push(`     ${difference.kind}: ${difference.message}`);
  }
  for (const problem of result.problems)
    lines.push(`NOT REPLAYED #${problem.index} ${problem.url}: ${problem.problem}`);
  if (result.skipped.length > 0) {
    lines.push(`Skipped ${result.skipped.length} requests of other services:`);
    for (const skipped of result.skipped)
      lines.push(`     #${skipped.index} ${skipped.method} ${skipped.url}`);
  }
  lines.push('', 'Per operation:');
  for (const summary of summaryOf(result)) {
    lines.push(
      `  ${summary.operationId}: ${summary.matched} matched${summary.different > 0 ? `, ${summary.different} different` : ''}`,
    );
  }
  const different = result.replayed.filter((entry) => entry.differences.length > 0).length;
  const outside = result.replayed
    .flatMap((entry) => entry.differences)
    .filter((d) => d.kind === 'outside-document').length;
  lines.push(
    '',
    `${result.replayed.length - different} matched, ${different} different, ${result.problems.length} not replayed, ${result.skipped.length} skipped, against ${against}` +
      (outside > 0
        ? ` (${outside} recorded fields outside the document: evidence for docs/spec-gaps.md)`
        : ''),
  );
  return lines;
}

/** The report as JSON: every replayed request with its differences, the problems, the skipped, the summary. */
export function replayJson(result: ReplayResult, against: string): string {
  return `${JSON.stringify({ against, summary: summaryOf(result), ...result }, null, 2)}\n`;
}

/** The report as the conformance run's outcomes, for its JUnit writer: one test per request, grouped by operation. */
export function replayOutcomes(result: ReplayResult): Outcome[] {
  const outcomes: Array<Outcome & { index: number }> = [
    ...result.replayed.map((entry) => ({
      index: entry.index,
      group: entry.operationId,
      name: `#${entry.index} ${entry.method} ${entry.path}`,
      status: entry.differences.length === 0 ? ('passed' as const) : ('failed' as const),
      ...(entry.differences.length === 0
        ? {}
        : { detail: entry.differences.map((d) => `${d.kind}: ${d.message}`).join('\n') }),
      startedAt: 0,
      durationMs: 0,
    })),
    ...result.problems.map((problem) => ({
      index: problem.index,
      group: 'not replayed',
      name: `#${problem.index} ${problem.url}`,
      status: 'failed' as const,
      detail: problem.problem,
      startedAt: 0,
      durationMs: 0,
    })),
  ];
  return outcomes.sort((a, b) => a.index - b.index).map(({ index: _index, ...outcome }) => outcome);
}
