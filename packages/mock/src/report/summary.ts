// The readable list of a journal: one line per request, for a failed test's report.
import type { MockRequest } from '../journal/types';
import { requestLine } from './request-line';

/**
 * One line per request, oldest first: `#3 POST /openapi/v1/workspaces/ createWorkspace → 400
 * body: Unrecognized key: "title" (2.1 ms)`. Says so when the journal dropped older entries
 * (its `limit`), and when there were none.
 */
export function requestSummary(requests: readonly MockRequest[]): string {
  if (requests.length === 0) return 'The mock answered no request in this test.\n';
  const lines: string[] = [];
  const first = requests[0]?.seq ?? 1;
  if (first > 1) lines.push(`(${first - 1} earlier requests dropped: the journal keeps its limit)`);
  for (const entry of requests) {
    lines.push(
      `#${entry.seq} ${requestLine({
        method: entry.method,
        path: entry.path,
        operationId: entry.operationId,
        status: entry.answer.status,
        errmsg: entry.answer.status >= 400 || entry.answer.status === 0 ? entry.answer.errmsg : undefined,
        durationMs: entry.durationMs,
        overridden: entry.overridden,
      })}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
