import { type Kysely, sql } from 'kysely';
import initSqlJs, { type Database } from 'sql.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeD1 } from '../../test/fake-d1';
import { openD1Storage } from './d1';
import { installUndoLog } from './d1-undo-log';
import type { Schema } from './schema';
import type { Storage } from './storage';

/** Every row of every table but the undo log's own, to compare a database before and after. */
function dump(database: Database): Record<string, unknown[][]> {
  const tables = database.exec(
    "select name from sqlite_master where type = 'table' and name not like 'wsadmin_undo%' and name not like 'sqlite_%' order by name",
  )[0]?.values;
  return Object.fromEntries(
    (tables ?? []).map(([name]) => [
      String(name),
      database.exec(`select * from "${name}" order by rowid`)[0]?.values ?? [],
    ]),
  );
}

const SQL = await initSqlJs();
const now = () => new Date('2026-01-01T00:00:00Z');
let opened: Storage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function open(): Promise<{ database: Database; d1: ReturnType<typeof fakeD1>; db: Kysely<Schema> }> {
  const database = new SQL.Database();
  database.run('PRAGMA foreign_keys = ON');
  const d1 = fakeD1(database);
  opened = await openD1Storage(d1, now);
  return { database, d1, db: opened.db };
}

const failed = new Error('refused part-way');
const insertWorkspace = (db: Kysely<Schema>, name: string) =>
  sql`insert into workspaces (name, description, adapter, hide_titles, auto_add_member, date_offset, dt, enable_dt,
    ddya, enable_ddya, ddra, enable_ddra, break_point_display_type, created_at, updated_at)
    values (${name}, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '', '')`.execute(db);

/** What is stored before the transaction, and what the transaction changes before it fails. */
interface Case {
  before(db: Kysely<Schema>): Promise<unknown>;
  inside(db: Kysely<Schema>): Promise<unknown>;
}

describe('D1 storage', () => {
  it('migrates without BEGIN or SAVEPOINT, which D1 refuses', async () => {
    const { db, d1 } = await open();
    expect((await db.selectFrom('schema_migrations').select('version').execute()).length).toBeGreaterThan(0);
    // Refused statements were asked (Kysely's and migration 5's) and answered without reaching D1.
    expect(d1.statements.filter((text) => /^\s*(begin|savepoint)\b/i.test(text))).toEqual([]);
  });

  it.each<[string, Case]>([
    ['inserts', { before: async () => undefined, inside: (db) => insertWorkspace(db, 'new') }],
    [
      'updates',
      {
        before: (db) => insertWorkspace(db, 'old'),
        inside: (db) => sql`update workspaces set name = 'changed', description = 'it''s'`.execute(db),
      },
    ],
    [
      'deletes',
      {
        before: (db) => insertWorkspace(db, 'kept'),
        inside: (db) => sql`delete from workspaces`.execute(db),
      },
    ],
    [
      'a delete that cascades to the rows that reference it',
      {
        before: async (db) => {
          await insertWorkspace(db, 'parent');
          const [workspace] = (await sql<{ id: number }>`select id from workspaces`.execute(db)).rows;
          await sql`insert into objects (workspace_id, kind, uid, name, definition, version, revision, created_at, updated_at)
            values (${workspace?.id}, 'models', 'u1', 'm', '{}', 1, 'r', '', '')`.execute(db);
        },
        inside: (db) => sql`delete from workspaces`.execute(db),
      },
    ],
  ])(
    'a transaction that fails after it %s leaves the database as it was',
    async (_name, { before, inside }) => {
      const { database, db } = await open();
      await before(db);
      const was = dump(database);
      await expect(
        db.transaction().execute(async (trx) => {
          await inside(trx);
          expect(dump(database)).not.toEqual(was);
          throw failed;
        }),
      ).rejects.toBe(failed);
      expect(dump(database)).toEqual(was);
      expect(database.exec('select count(*) from wsadmin_undo_log')[0]?.values[0]?.[0]).toBe(0);
    },
  );

  it('keeps what a transaction committed, forgets its undo log, and logs nothing outside one', async () => {
    const { database, db } = await open();
    await db.transaction().execute((trx) => insertWorkspace(trx, 'committed'));
    await insertWorkspace(db, 'alone');
    expect(database.exec('select name from workspaces order by id')[0]?.values).toEqual([
      ['committed'],
      ['alone'],
    ]);
    expect(database.exec('select count(*) from wsadmin_undo_log')[0]?.values[0]?.[0]).toBe(0);
  });

  it('makes the triggers once per schema, and again for a table added later', async () => {
    const { database, d1 } = await open();
    const triggers = () =>
      database.exec(
        "select count(*) from sqlite_master where type = 'trigger' and name like 'wsadmin_undo_%'",
      )[0]?.values[0]?.[0];
    const made = triggers();
    const asked = d1.statements.length;
    await installUndoLog(d1);
    expect(triggers()).toBe(made);
    expect(d1.statements.slice(asked).filter((text) => /create trigger/i.test(text))).toEqual([]);
    database.run('create table added (id integer primary key, note text)');
    await installUndoLog(d1);
    expect(triggers()).toBe(Number(made) + 3);
  });
});
