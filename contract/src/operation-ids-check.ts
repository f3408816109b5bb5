import { routes } from './generated/route-table';
import { RouteError } from './route-error';

/**
 * The run-time check of an operationId, for every entry that takes one (the SDK's calls and query
 * keys, the mock's overrides, client, matchers and allowed rejections, the conformance client): types
 * catch a typo in TypeScript, this catches it in JavaScript and in data (scenario files), naming the
 * nearest valid ids. Plain data, no zod: part of `@wsadmin/contract/routes`.
 */

/** Every operationId of the contract, read once from the generated route table. */
const KNOWN: readonly string[] = Object.keys(routes);
const KNOWN_SET: ReadonlySet<string> = new Set(KNOWN);
const SUGGESTED = 3;

/** Whether `value` is an operationId of the contract (own keys only: `'toString'` is none). */
export function isOperationId(value: unknown): value is keyof typeof routes {
  return typeof value === 'string' && KNOWN_SET.has(value);
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The valid operationIds nearest to `asked` by edit distance (case ignored): those at the smallest
 * distance, at most three, in the contract's order of names. Never empty.
 */
export function nearestOperationIds(asked: string): string[] {
  const lower = asked.toLowerCase();
  const ranked = KNOWN.map((id) => ({ id, distance: editDistance(lower, id.toLowerCase()) })).sort(
    (a, b) => a.distance - b.distance || a.id.localeCompare(b.id),
  );
  const best = ranked[0]?.distance ?? 0;
  return ranked
    .filter(({ distance }) => distance === best)
    .slice(0, SUGGESTED)
    .map(({ id }) => id);
}

/** `unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?` */
export function unknownOperationIdMessage(asked: unknown): string {
  const shown =
    typeof asked === 'string' ? `'${asked}'` : `${String(asked)} (a ${typeof asked}, not a string)`;
  const nearest = nearestOperationIds(typeof asked === 'string' ? asked : '').map((id) => `'${id}'`);
  const choices =
    nearest.length === 1
      ? nearest[0]
      : `${nearest.slice(0, -1).join(', ')} or ${nearest[nearest.length - 1]}`;
  return `unknown operationId ${shown}; did you mean ${choices}?`;
}

/**
 * Throws a `RouteError` naming the unknown id and the nearest valid ones unless `value` is an
 * operationId of the contract. `where` (e.g. `'mock.override'`) starts the message.
 *
 * @example
 * assertOperationId('listWorkspace', 'mock.override');
 * // RouteError: mock.override: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?
 */
export function assertOperationId(value: unknown, where?: string): asserts value is keyof typeof routes {
  if (isOperationId(value)) return;
  const message = unknownOperationIdMessage(value);
  throw new RouteError(
    where ? `${where}: ${message}` : message,
    typeof value === 'string' ? value : undefined,
  );
}
