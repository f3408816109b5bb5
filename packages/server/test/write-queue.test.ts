import type { Storage } from '@wsadmin/server-core';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAUSE_HOOK_KEY } from '../src/pause-hook';
import { openPostgresStorage } from '../src/postgres';

/**
 * Writers queued behind a workspace's lock hold no pool connection (decision 0005): reads and
 * writes in other workspaces still get one, with a pool of 4 and 8 writers queued.
 */

const adminUrl = inject('postgresAdminUrl');

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), ms))]);

describe('write queue on PostgreSQL', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  let storage: Storage;
  let session: pg.Client;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'write_queue');
    storage = await openPostgresStorage(databaseUrl, () => new Date(), { poolSize: 4, testHooks: true });
    session = new pg.Client({ connectionString: databaseUrl });
    await session.connect();
  });

  afterAll(async () => {
    await session?.end();
    await storage?.close();
    if (databaseUrl) await dropTestDatabase(admin, databaseUrl);
  });

  const newWorkspace = (name: string) =>
    storage.writeTransaction('unscoped', async (trx) => {
      const stamp = new Date().toISOString();
      const row = await trx
        .insertInto('workspaces')
        .values({
          name,
          description: '',
          adapter: 0,
          hide_titles: 0,
          auto_add_member: 0,
          date_offset: 0,
          dt: 0,
          enable_dt: 0,
          ddya: 0,
          enable_ddya: 0,
          ddra: 0,
          enable_ddra: 0,
          break_point_display_type: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  const rename = (id: number, name: string) =>
    storage.writeTransaction({ workspaceIds: [id] }, (trx) =>
      trx.updateTable('workspaces').set({ name }).where('id', '=', id).execute(),
    );
  const waitingSessions = async () =>
    (
      await session.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name = 'wsadmin' and wait_event_type = 'Lock'`,
      )
    ).rows[0]?.n ?? 0;

  it('serves reads and other workspaces while 8 writers queue for one workspace', async () => {
    const hot = await newWorkspace('hot');
    const other = await newWorkspace('other');
    await session.query('select pg_advisory_lock(hashtext($1), $2::int)', [PAUSE_HOOK_KEY, hot]);
    const queued = Array.from({ length: 8 }, (_, index) => rename(hot, `hot ${index}`));
    const deadline = Date.now() + 10_000;
    while ((await waitingSessions()) === 0 && Date.now() < deadline) {
      await new Promise((wake) => setTimeout(wake, 25));
    }

    const read = await within(
      storage.db.selectFrom('workspaces').select('name').orderBy('id').execute(),
      5_000,
    );
    expect(read).toEqual([{ name: 'hot' }, { name: 'other' }]);
    expect(await within(rename(other, 'other renamed'), 5_000)).not.toBe('timeout');
    // One writer of the workspace waits in the database; the other seven wait in memory.
    expect(await waitingSessions()).toBe(1);

    await session.query('select pg_advisory_unlock(hashtext($1), $2::int)', [PAUSE_HOOK_KEY, hot]);
    await Promise.all(queued);
    const names = await storage.db.selectFrom('workspaces').select('name').orderBy('id').execute();
    // In-process queue order is arrival order.
    expect(names).toEqual([{ name: 'hot 7' }, { name: 'other renamed' }]);
  });
});
