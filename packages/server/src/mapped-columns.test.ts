import type { AnyDocumentMapping, AnyResourceMapping, Schema, Storage } from '@wsadmin/server-core';
import {
  accountMapping,
  column,
  columnProblems,
  documentColumnProblems,
  openMemoryStorage,
  storedDocumentMappings,
  storedResourceMappings,
} from '@wsadmin/server-core';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgresStorage } from './postgres';
import { createTestDatabase, dropTestDatabase } from './testing/postgres';

/** name -> `integer`/`text` (+ ` null`), as the mappings type their columns. */
type Columns = Record<string, string>;
const stored = (type: string, notNull: boolean) =>
  `${type === 'bigint' ? 'integer' : type}${notNull ? '' : ' null'}`;

async function sqliteColumns(db: Kysely<Schema>, table: string): Promise<Columns> {
  const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`
    select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
  // A primary-key column holds no NULL on PostgreSQL; SQLite only says so for `not null` ones.
  return Object.fromEntries(
    rows.map((c) => [c.name, stored(c.type.toLowerCase(), c.notnull === 1 || c.pk > 0)]),
  );
}

async function postgresColumns(db: Kysely<Schema>, table: string): Promise<Columns> {
  const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
    select column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return Object.fromEntries(rows.map((c) => [c.column_name, stored(c.data_type, c.is_nullable === 'NO')]));
}

/** What a contract field on its way into the schema looks like before its migration exists. */
const withDepartment = {
  ...accountMapping,
  fields: { ...accountMapping.fields, department: column<{ department: string }>('department') },
  columns: { ...accountMapping.columns, department: 'text' },
} as unknown as AnyResourceMapping;

const adminUrl = inject('postgresAdminUrl');
const now = () => new Date('2030-01-01T00:00:00Z');

/** A definition mapping whose objects moved to a column no migration creates. */
const movedDefinition = {
  ...storedDocumentMappings.find((mapping) => mapping.name === 'time series'),
  storedIn: [{ table: 'objects', column: 'definition_json' }],
} as unknown as AnyDocumentMapping;

describe('every mapped column is what the migrations create, and every stored column is mapped', () => {
  const opened: Storage[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const storage of opened) await storage.close();
    if (adminUrl) for (const url of databases) await dropTestDatabase(adminUrl, url);
  });

  const targets: Array<[string, () => Promise<(table: string) => Promise<Columns>>]> = [
    [
      'SQLite',
      async () => {
        const storage = await openMemoryStorage({ now });
        opened.push(storage);
        return (table) => sqliteColumns(storage.db, table);
      },
    ],
  ];
  if (adminUrl) {
    targets.push([
      'PostgreSQL',
      async () => {
        const url = await createTestDatabase(adminUrl, 'mapped-columns');
        databases.push(url);
        const storage = await openPostgresStorage(url, now);
        opened.push(storage);
        return (table) => postgresColumns(storage.db, table);
      },
    ]);
  }

  it('runs on PostgreSQL too (the global setup provides a server)', () => {
    expect(adminUrl).toBeTruthy();
  });

  describe.each(targets)('on %s', (_name, open) => {
    it('agrees with every mapping, both ways', async () => {
      const columnsOf = await open();
      const problems: string[] = [];
      for (const mapping of storedResourceMappings) {
        problems.push(...columnProblems(mapping, await columnsOf(mapping.table)));
      }
      expect(problems).toEqual([]);
    });

    it('has every column that holds a mapped JSON document, or is read beside it', async () => {
      const columnsOf = await open();
      const problems: string[] = [];
      for (const mapping of storedDocumentMappings) {
        problems.push(...(await documentColumnProblems(mapping, columnsOf)));
      }
      expect(problems).toEqual([]);
      // The check looked at real mappings: definitions of objects, permission rules and settings.
      expect(storedDocumentMappings.map((mapping) => mapping.name)).toEqual(
        expect.arrayContaining([
          'time series',
          'dimension',
          'measure',
          'row permission rule',
          'model permission',
        ]),
      );
    });

    it('names a column holding a document that no migration creates', async () => {
      const columnsOf = await open();
      expect(await documentColumnProblems(movedDefinition, columnsOf)).toEqual([
        'objects.definition_json holds the time series mapping but no migration creates it',
      ]);
    });

    it('names a mapped field whose column no migration creates', async () => {
      const columnsOf = await open();
      expect(columnProblems(withDepartment, await columnsOf('accounts'))).toEqual([
        'accounts.department is mapped but no migration creates it',
      ]);
    });

    it('names a stored column that no field maps and that is not listed as server-only', async () => {
      const columnsOf = await open();
      const { created_at: _listed, ...serverOnly } = accountMapping.serverOnly;
      const forgetful = { ...accountMapping, serverOnly } as unknown as AnyResourceMapping;
      expect(columnProblems(forgetful, await columnsOf('accounts'))).toEqual([
        'accounts.created_at is stored but neither mapped nor listed as server-only',
      ]);
    });

    it('names a column whose stored type differs from the mapping', async () => {
      const columnsOf = await open();
      const wrongType = {
        ...accountMapping,
        columns: { ...accountMapping.columns, tier: 'text' },
      } as unknown as AnyResourceMapping;
      expect(columnProblems(wrongType, await columnsOf('accounts'))).toEqual([
        'accounts.tier is integer in the database, text in the mapping',
      ]);
    });
  });
});
