import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Schema, Storage } from '@wsadmin/server-core';
import { migrate, migrations, openMemoryStorage } from '@wsadmin/server-core';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresStorage } from '../src/postgres';
import { openSqliteStorage } from '../src/sqlite-file';

/** Tables, columns and named indexes, in one shape for every dialect. */
interface Shape {
  tables: Record<string, string[]>;
  indexes: string[];
}

/** `column type [not null]`, with SQLite's 64-bit integer spelled as on SQLite. */
const describeColumn = (name: string, type: string, notNull: boolean) =>
  `${name} ${type === 'bigint' ? 'integer' : type}${notNull ? ' not null' : ''}`;

async function sqliteShape(db: Kysely<Schema>): Promise<Shape> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  const shape: Shape = { tables: {}, indexes: [] };
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`
      select name, type, "notnull", pk from pragma_table_info(${name})`.execute(db);
    // A primary-key column holds no NULL on PostgreSQL; SQLite only says so for `not null` ones.
    shape.tables[name] = rows.map((c) =>
      describeColumn(c.name, c.type.toLowerCase(), c.notnull === 1 || c.pk > 0),
    );
  }
  const { rows: indexes } = await sql<{ name: string; tbl_name: string }>`
    select name, tbl_name from sqlite_master where type = 'index' and sql is not null order by name`.execute(
    db,
  );
  shape.indexes = indexes.map((i) => `${i.tbl_name}.${i.name}`);
  return shape;
}

async function postgresShape(db: Kysely<Schema>): Promise<Shape> {
  const { rows: columns } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  const shape: Shape = { tables: {}, indexes: [] };
  for (const c of columns) {
    shape.tables[c.table_name] = [
      ...(shape.tables[c.table_name] ?? []),
      describeColumn(c.column_name, c.data_type, c.is_nullable === 'NO'),
    ];
  }
  // Named indexes only: those of primary keys and unique columns are named by each dialect its own way.
  const { rows: indexes } = await sql<{ indexname: string; tablename: string }>`
    select indexname, tablename from pg_indexes where schemaname = current_schema()
      and indexname not like '%\\_pkey' and indexname not like '%\\_key' order by indexname`.execute(db);
  shape.indexes = indexes.map((i) => `${i.tablename}.${i.indexname}`);
  return shape;
}

const adminUrl = inject('postgresAdminUrl');
const now = () => new Date('2030-01-01T00:00:00Z');
const latest = migrations.map((m) => m.version);

describe('migrations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-migrations-'));
  const opened: Storage[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const storage of opened) await storage.close();
    if (adminUrl) for (const url of databases) await dropTestDatabase(adminUrl, url);
    rmSync(dir, { recursive: true, force: true });
  });
  const keep = (storage: Storage) => {
    opened.push(storage);
    return storage;
  };
  const postgres = async (label: string) => {
    const url = await createTestDatabase(adminUrl, label);
    databases.push(url);
    return url;
  };

  let memory: Shape;
  beforeAll(async () => {
    memory = await sqliteShape(keep(await openMemoryStorage({ now })).db);
  });

  it('records every version, and a second run applies nothing', async () => {
    const storage = keep(await openMemoryStorage({ now }));
    const recorded = await storage.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(recorded.map((r) => r.version)).toEqual(latest);
    expect(await migrate(storage, now)).toEqual([]);
  });

  it('gives a SQLite file the same schema as in-memory SQLite, plus the account search index', async () => {
    const file = keep(await openSqliteStorage(join(dir, 'file.db'), now));
    const shape = await sqliteShape(file.db);
    // Migration 5: FTS5 (its table and shadow tables) where the build has it; sql.js has not.
    const search = Object.keys(shape.tables).filter((name) => name.startsWith('accounts_search'));
    expect(search).toEqual(expect.arrayContaining(['accounts_search', 'accounts_search_rows']));
    expect(Object.keys(memory.tables).filter((name) => name.startsWith('accounts_search'))).toEqual([]);
    for (const name of search) delete shape.tables[name];
    expect(shape).toEqual(memory);
  });

  describe('on PostgreSQL', () => {
    it('ends with the same tables, columns and indexes as SQLite', async () => {
      const storage = keep(await openPostgresStorage(await postgres('shape'), now));
      const shape = await postgresShape(storage.db);
      expect(Object.keys(shape.tables).sort()).toEqual(Object.keys(memory.tables).sort());
      expect(shape.tables).toEqual(memory.tables);
      // PostgreSQL has trigram indexes for the account search besides (migration 4).
      expect(shape.indexes.filter((index) => !index.endsWith('_trgm'))).toEqual(memory.indexes);
      expect(await migrate(storage, now)).toEqual([]);
    });

    it('stores SQLite values: every integer column is 64-bit, every text column compares bytes ("C")', async () => {
      const storage = keep(await openPostgresStorage(await postgres('types'), now));
      const { rows } = await sql<{ column: string; data_type: string; collation_name: string | null }>`
        select table_name || '.' || column_name as column, data_type, collation_name
        from information_schema.columns where table_schema = current_schema()`.execute(storage.db);
      const wrong = rows.filter(
        (c) => !(c.data_type === 'bigint' || (c.data_type === 'text' && c.collation_name === 'C')),
      );
      // A new migration must use integerType()/textType() from storage/migrations.ts.
      expect(wrong).toEqual([]);
    });

    it('lets several processes start on an empty database at once: each version is applied once', async () => {
      const url = await postgres('concurrent');
      const storages = await Promise.all(Array.from({ length: 4 }, () => openPostgresStorage(url, now)));
      storages.forEach(keep);
      const first = storages[0];
      if (!first) throw new Error('no storage');
      const recorded = await first.db
        .selectFrom('schema_migrations')
        .select('version')
        .orderBy('version')
        .execute();
      expect(recorded.map((r) => r.version)).toEqual(latest);
    });
  });
});
