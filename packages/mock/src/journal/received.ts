import type { OperationId } from '@wsadmin/contract';
import { type Difference, differences, type MockRequestMatch, printed } from './match';
import type { MockRequest } from './types';

/** How many other requests a failure message lists. */
const LISTED = 10;

/** An entry on one line: `#2 createWorkspace POST /openapi/v1/workspaces/ → 400 body: Unrecognized key`. */
export function entryLine(entry: MockRequest): string {
  const { status, errcode, errmsg } = entry.answer;
  const outcome =
    status === 0
      ? 'network error'
      : `${status}${errcode !== undefined && errcode !== 200 && errmsg ? ` ${errmsg}` : ''}`;
  const by = entry.overridden ? ' (override)' : '';
  return `#${entry.seq} ${entry.operationId ?? '(no operation)'} ${entry.method} ${entry.path} → ${outcome}${by}`;
}

function differenceLine({ path, expected, actual }: Difference): string {
  return `${path}: expected ${printed(expected)}, received ${printed(actual)}`;
}

/**
 * What was received instead of `operationId` with `match`, nearest first: the same operation,
 * fewest differing fields first (each with its differing fields), then the other requests.
 */
export function receivedInstead(
  entries: readonly MockRequest[],
  operationId: OperationId,
  match: MockRequestMatch | undefined,
  exclude: ReadonlySet<MockRequest> = new Set(),
): string {
  if (entries.length === 0) return 'The mock received no request since it was made or last reset.';
  const same = entries
    .filter((entry) => entry.operationId === operationId && !exclude.has(entry))
    .map((entry) => ({ entry, differing: differences(entry, match) }))
    .sort((a, b) => a.differing.length - b.differing.length || a.entry.seq - b.entry.seq);
  const others = entries.filter((entry) => entry.operationId !== operationId);
  const lines = [
    ...same.map(({ entry, differing }) =>
      [entryLine(entry), ...differing.map((difference) => `    ${differenceLine(difference)}`)].join('\n'),
    ),
    ...others.map(entryLine),
  ];
  const shown = lines.slice(0, LISTED).map((line) => `  ${line}`);
  const more = lines.length > LISTED ? [`  … and ${lines.length - LISTED} more`] : [];
  const heading =
    same.length === 0
      ? `Received no ${operationId}; the ${entries.length === 1 ? 'request' : `${entries.length} requests`} received:`
      : 'Received instead, nearest first:';
  return [heading, ...shown, ...more].join('\n');
}

/** `operationId` with `match`, as a message names it. */
export function described(operationId: OperationId, match: MockRequestMatch | undefined): string {
  return match && Object.keys(match).length > 0 ? `${operationId} with ${printed(match, 300)}` : operationId;
}
