import type { Storage } from '@wsadmin/server-core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../src/sqlite-file';

/**
 * A long transaction on the SQLite file storage gives the event loop turns in between its
 * statements (server-core's storage/yielding-dialect.ts), so the process goes on answering; without that, a callback queued
 * with setImmediate only runs once the whole transaction is done. With a budget of 0 every
 * statement after the first of a turn yields, which makes the order certain.
 */
describe('SQLite storage lets the event loop run during long work', () => {
  let storage: Storage | undefined;
  afterEach(() => storage?.close());

  async function stepsBeforeATurn(yieldAfterMs: number) {
    storage = await openSqliteStorage(':memory:', () => new Date(), { yieldAfterMs });
    const db = storage.db;
    let steps = 0;
    let seenAt: number | undefined;
    await db.transaction().execute(async (trx) => {
      setImmediate(() => {
        seenAt = steps;
      });
      for (let i = 0; i < 20; i++) {
        await sql`select ${i} as n`.execute(trx);
        steps++;
      }
    });
    return { seenAt, steps };
  }

  it('a callback waiting for a turn runs while the transaction is still going', async () => {
    const { seenAt, steps } = await stepsBeforeATurn(0);
    expect(seenAt).toBeDefined();
    expect(seenAt).toBeLessThan(steps);
  });

  it('within the budget the statements run back to back, as before', async () => {
    const { seenAt } = await stepsBeforeATurn(60_000);
    expect(seenAt).toBeUndefined();
  });

  it('keeps transactions whole: a rollback undoes the statements before and after a turn', async () => {
    storage = await openSqliteStorage(':memory:', () => new Date(), { yieldAfterMs: 0 });
    const db = storage.db;
    await sql`create table t (n integer)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 5; i++) await sql`insert into t values (${i})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});
