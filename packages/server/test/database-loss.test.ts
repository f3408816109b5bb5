import { runDatabaseLossDrill } from '@wsadmin/server-testing/drills/database-loss';
import {
  createTestDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '@wsadmin/server-testing/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The database-loss drill (packages/server-testing/drills/database-loss.ts): PostgreSQL restarts under a
 * load of reads, commits and workspace batches. On a PostgreSQL server of its own, since the restart
 * would cut every other test file's connections. `node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts
 * database-loss` runs more rounds.
 */

let postgres: ThrowawayPostgres | undefined;

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describe('PostgreSQL restarted under load (pg_ctl restart -m fast)', () => {
  it('answers 503 "unavailable" meanwhile, serves again by itself, and loses no acknowledged write', async () => {
    if (!postgres) throw new Error('the throwaway PostgreSQL server did not start');
    const report = await runDatabaseLossDrill({
      postgres,
      databaseUrl: await createTestDatabase(postgres.adminUrl, 'loss'),
      loadMs: 5000,
      restartAtMs: 1500,
      commitWorkers: 4,
      batchWorkers: 1,
      readWorkers: 3,
    });
    // Every failure was the 503 envelope (badFailures), acknowledged writes are all there, nothing
    // half applied, and unanswered commits succeeded when sent again with their keys.
    expect(report.problems).toEqual([]);
    expect(report.statuses['503'] ?? 0).toBeGreaterThan(0);
    // No 409: a commit cut by the restart took its Idempotency-Key claim with it (decision 0033), so
    // its retry with the same key applies it; before, the retry heard "still running" for a minute.
    expect(Object.keys(report.statuses).filter((status) => !['200', '503'].includes(status))).toEqual([]);
    expect(report.stuckRetries).toBe(0);
    expect(report.afterLoad.abandonedClaims).toBe(0);
    expect(report.recoveryMs).not.toBeNull();
    expect(report.recoveryMs ?? Number.POSITIVE_INFINITY).toBeLessThan(2000);
    expect(report.afterLoad.operations).toBeGreaterThanOrEqual(report.acked);
  }, 60_000);
});
