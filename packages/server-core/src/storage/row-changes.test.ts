import { sql } from 'kysely';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from './memory';
import { captureRowChanges } from './row-changes';

const now = new Date('2026-01-01T00:00:00Z');

describe('captureRowChanges', () => {
  it('gives each row written, before and after, keyed by its primary key, then forgets them', async () => {
    const storage = await openMemoryStorage();
    try {
      const capture = await storage.captureRowChanges();
      expect(capture.pending).toBe(false);
      const { id } = await insertWorkspace(storage.db, { name: 'a' }, now);
      await sql`update workspaces set name = 'b' where id = ${id}`.execute(storage.db);
      await sql`update workspaces set name = 'b' where id = ${id}`.execute(storage.db);
      await sql`delete from workspaces where id = ${id}`.execute(storage.db);
      expect(capture.pending).toBe(true);
      const changes = await capture.take();
      expect(changes.map((change) => [change.table, change.action, change.key])).toEqual([
        ['workspaces', 'created', { id }],
        ['workspaces', 'updated', { id }],
        ['workspaces', 'deleted', { id }],
      ]);
      expect(changes[1]?.before).toMatchObject({ id, name: 'a' });
      expect(changes[1]?.after).toMatchObject({ id, name: 'b' });
      expect(changes[1]?.after).not.toHaveProperty('rowid');
      expect(capture.pending).toBe(false);
      expect(await capture.take()).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('forgets a rolled back write and stays out of the exported bytes', async () => {
    const storage = await openMemoryStorage();
    try {
      const capture = await storage.captureRowChanges();
      await storage.db
        .transaction()
        .execute(async (trx) => {
          await insertWorkspace(trx, { name: 'rolled back' }, now);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await capture.take()).toEqual([]);
      const copy = await openMemoryStorage({ bytes: await storage.exportBytes(), current: true });
      try {
        const temp = await sql<{
          name: string;
        }>`select name from sqlite_master where name like 'wsadmin_%'`.execute(copy.db);
        expect(temp.rows).toEqual([]);
      } finally {
        await copy.close();
      }
    } finally {
      await storage.close();
    }
  });

  it('still captures where the host refuses to compile the function the triggers call (workerd)', async () => {
    const SQL = await initSqlJs();
    const database = new SQL.Database();
    try {
      database.run('create table things (id integer primary key, name text not null)');
      // What sql.js meets on workerd: its function wrapper is WebAssembly made at run time.
      database.create_function = () => {
        throw new WebAssembly.CompileError(
          'WebAssembly.Module(): Wasm code generation disallowed by embedder',
        );
      };
      const capture = captureRowChanges(database);
      expect(capture.take()).toEqual([]);
      database.run("insert into things (name) values ('a')");
      database.run("update things set name = 'b' where id = 1");
      expect(capture.take().map((change) => [change.table, change.action, change.key, change.after])).toEqual(
        [
          ['things', 'created', { id: 1 }, { id: 1, name: 'a' }],
          ['things', 'updated', { id: 1 }, { id: 1, name: 'b' }],
        ],
      );
      expect(capture.take()).toEqual([]);
    } finally {
      database.close();
    }
  });
});
