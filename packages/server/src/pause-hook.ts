import type { Storage, WriteScope } from '@wsadmin/server-core';
import { sql } from 'kysely';

/** First half of the two-int advisory key of the pause hook; the second is the workspace id. */
export const PAUSE_HOOK_KEY = 'wsadmin test pause';

/**
 * The tests' write pause hook (WSADMIN_TEST_HOOKS=1, PostgreSQL; never in production), wrapped
 * around the storage from outside: after taking its workspace locks, a write transaction also waits
 * for a shared advisory lock keyed by each workspace, so a test holding that key exclusively keeps
 * the transaction open with its locks held (workspace-locks.test.ts, write-queue.test.ts).
 */
export function withPauseHook<S extends Storage>(storage: S): S {
  return {
    ...storage,
    writeTransaction: (scope: WriteScope, work) =>
      storage.writeTransaction(scope, async (trx) => {
        for (const id of workspaceIdsOf(scope)) {
          await sql`select pg_advisory_xact_lock_shared(hashtext(${PAUSE_HOOK_KEY}), ${id}::int)`.execute(
            trx,
          );
        }
        return work(trx);
      }),
  };
}

/** In the order the locks were taken: ascending ids. */
function workspaceIdsOf(scope: WriteScope): number[] {
  return typeof scope === 'object' ? [...new Set(scope.workspaceIds)].sort((a, b) => a - b) : [];
}
