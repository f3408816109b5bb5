import type { MockRole } from '../create-mock';

/** Test tools in Node: strict by default, and `reset()` reports what no hook checked. */
export const TEST_TOOL: MockRole = { strictByDefault: true, resetThrows: true };

/** A page (`startMockWorker`): strict mode logs; `reset()` never throws in an app. */
export const PAGE: MockRole = { strictByDefault: true, resetThrows: false };

type Hook = (check: () => void) => void;

/**
 * Runs `check` after each test where the runner's hooks are globals (Jest always, Vitest with
 * `globals: true`), so a rejection fails the test that made the request. Elsewhere nothing is
 * registered (the caller's `afterEach(() => mock.assertNoRejections())`, or the next `reset()`,
 * reports it). A runner that refuses a hook at this point (inside a test) is left alone.
 */
export function checkAfterEachTest(check: () => void): boolean {
  const afterEach = (globalThis as { afterEach?: Hook }).afterEach;
  if (typeof afterEach !== 'function') return false;
  try {
    afterEach(check);
    return true;
  } catch {
    return false;
  }
}
