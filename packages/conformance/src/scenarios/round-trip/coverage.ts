import type { OperationId, OperationSpec } from '@wsadmin/contract';

/**
 * Which operations the round trip must cover: every operation of the route table that is not a
 * GET, less the documented exclusions. Read off the contract, so a new writing operation without a
 * round-trip case fails the exhaustiveness test (`coverage.test.ts`).
 */

/** Not a GET, yet nothing to round-trip, with the reason. Deletes are excluded as a rule (below). */
export const EXCLUDED: ReadonlyMap<OperationId, string> = new Map([
  [
    'fetchAccount',
    'a lookup sent as POST (the login identifiers stay out of URLs and logs): it writes nothing',
  ],
  ['checkAuthData', 'checks login data sent as POST: it writes nothing'],
]);

/** Why no DELETE is round-tripped. */
export const DELETES_EXCLUDED =
  'a delete leaves nothing to read back; the scenario suite checks that it is gone and what it takes with it';

/** The writing operations of `entries` that neither `covered` nor an exclusion accounts for, and stale exclusions. */
export function coverageGaps(
  entries: ReadonlyArray<readonly [string, Pick<OperationSpec, 'method'>]>,
  covered: readonly string[],
  excluded: ReadonlyMap<string, string> = EXCLUDED,
): string[] {
  const gaps: string[] = [];
  const methods = new Map(entries);
  for (const [operationId, { method }] of entries) {
    if (method === 'get' || method === 'delete' || excluded.has(operationId)) continue;
    if (!covered.includes(operationId)) gaps.push(`${operationId}: writes, and has no round-trip case`);
  }
  for (const operationId of excluded.keys()) {
    const method = methods.get(operationId)?.method;
    if (method === undefined) gaps.push(`${operationId}: excluded, but the contract has no such operation`);
    else if (covered.includes(operationId))
      gaps.push(`${operationId}: excluded, but a round-trip case covers it`);
  }
  for (const operationId of covered) {
    const method = methods.get(operationId)?.method;
    if (method === undefined || method === 'get' || method === 'delete')
      gaps.push(`${operationId}: covered, but it is not a writing operation of the contract`);
  }
  return gaps;
}
