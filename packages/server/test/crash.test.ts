import { runCrashDrill } from '@wsadmin/server-testing/drills/crash';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * The crash drill (packages/server-testing/drills/crash.ts), one round per database: `npm start` takes
 * commits and workspace batches, is killed with SIGKILL mid-load and restarts on the same database.
 * `node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts crash` runs more rounds.
 */

const adminUrl = inject('postgresAdminUrl');
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function drill(databaseUrl: string) {
  // Late enough that commits were acknowledged even while the rest of the suite loads both cores
  // (at 1.2 s, PostgreSQL had acknowledged none in two loaded runs: "the drill proved nothing").
  const report = await runCrashDrill({ databaseUrl, killAfterMs: 2500, commitWorkers: 6, batchWorkers: 2 });
  // Acknowledged writes survived, nothing is half applied, every unanswered commit succeeded on retry.
  expect(report.problems).toEqual([]);
  expect(report.acked).toBeGreaterThan(0);
  expect(report.afterKill.operations).toBeGreaterThanOrEqual(report.acked);
  expect(report.afterRetries.operations).toBe(report.afterKill.operations + report.retries.appliedNow);
  expect(report.retries.replayed + report.retries.appliedNow).toBe(report.unanswered);
  expect(report.afterRetries.abandonedClaims).toBe(0);
}

describe.concurrent('kill -9 under a write load, then restart on the same database', () => {
  it('SQLite: every acknowledged write is there, nothing half applied, unanswered commits retry', async () => {
    const database = tempDatabase('wsadmin-crash-');
    cleanups.push(database.remove);
    await drill(database.url);
  }, 60_000);

  it('PostgreSQL: the same', async () => {
    const url = await createTestDatabase(adminUrl, 'crash');
    cleanups.push(() => dropTestDatabase(adminUrl, url));
    await drill(url);
  }, 60_000);
});
