import { assertOperationId } from '@wsadmin/contract/routes';
import {
  type AllowedRejection,
  allows,
  type MockRejection,
  MockRejectionError,
  type RejectionMatcher,
} from './rejection';

const STATUSES = [400, 401, 404, 405, 413, 415];

/**
 * The rejections a mock answered since its last reset or check, less the ones declared expected
 * (the scenario's `allowRejections`, and `allowRejection` until the next reset).
 */
export function createRejectionLog(
  scenarioAllowed: readonly AllowedRejection[],
  onRejection: (rejection: MockRejection) => void,
) {
  for (const allowed of scenarioAllowed) checkAllowed(allowed, 'allowRejections');
  const found: MockRejection[] = [];
  const allowedNow: AllowedRejection[] = [...scenarioAllowed];
  return {
    rejections: found as readonly MockRejection[],
    record(rejection: MockRejection): void {
      if (allowedNow.some((allowed) => allows(allowed, rejection))) return;
      found.push(rejection);
      onRejection(rejection);
    },
    allow(allowed: AllowedRejection): () => void {
      checkAllowed(allowed, 'mock.allowRejection');
      allowedNow.push(allowed);
      return () => {
        const index = allowedNow.indexOf(allowed);
        if (index >= 0) allowedNow.splice(index, 1);
      };
    },
    /** Throws `MockRejectionError` naming the rejections found since the last check, which it clears. */
    check(): void {
      if (found.length > 0) throw new MockRejectionError(found.splice(0));
    },
    /** Back to the scenario's declarations; returns the rejections nobody checked. */
    reset(): MockRejection[] {
      allowedNow.splice(0, allowedNow.length, ...scenarioAllowed);
      return found.splice(0);
    },
  };
}

export type RejectionLog = ReturnType<typeof createRejectionLog>;

/** A declaration that can never match is a mistake: say so where it is written. */
function checkAllowed(allowed: AllowedRejection, where: string): void {
  const matcher: RejectionMatcher = typeof allowed === 'string' ? { operationId: allowed } : allowed;
  const { operationId, status, errcode } = matcher;
  // null matches a request that matched no operation; any other id must be the contract's.
  if (operationId !== undefined && operationId !== null) assertOperationId(operationId, where);
  for (const [name, value] of [
    ['status', status],
    ['errcode', errcode],
  ] as const) {
    if (value !== undefined && !STATUSES.includes(value))
      throw new TypeError(`${where}: ${name} ${value} is not a rejection status (${STATUSES.join(', ')})`);
  }
}
