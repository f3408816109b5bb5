import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { accountMapping } from '../src/mappings/accounts';
import { column } from '../src/mappings/mapping';
import { openMemoryStorage } from '../src/storage/memory';
import type { Schema } from '../src/storage/schema';
import type { Storage } from '../src/storage/storage';
import {
  type AnyDocumentMapping,
  type AnyResourceMapping,
  columnProblems,
  documentColumnProblems,
  storedDocumentMappings,
  storedResourceMappings,
} from './mapped-columns';

/**
 * Every mapped column is what the migrations create, and every stored column is mapped: checked on
 * the migrated in-memory SQLite. PostgreSQL is held to the same tables, columns and types by the
 * server's migrations test (packages/server/test/migrations.test.ts), so it agrees with the
 * mappings as well.
 */

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

/** What a contract field on its way into the schema looks like before its migration exists. */
const withDepartment = {
  ...accountMapping,
  fields: { ...accountMapping.fields, department: column<{ department: string }>('department') },
  columns: { ...accountMapping.columns, department: 'text' },
} as unknown as AnyResourceMapping;

const now = () => new Date('2030-01-01T00:00:00Z');

/** A definition mapping whose objects moved to a column no migration creates. */
const movedDefinition = {
  ...storedDocumentMappings.find((mapping) => mapping.name === 'time series'),
  storedIn: [{ table: 'objects', column: 'definition_json' }],
} as unknown as AnyDocumentMapping;

describe('every mapped column is what the migrations create, and every stored column is mapped', () => {
  const opened: Storage[] = [];
  afterAll(async () => {
    for (const storage of opened) await storage.close();
  });

  async function open(): Promise<(table: string) => Promise<Columns>> {
    const storage = await openMemoryStorage({ now });
    opened.push(storage);
    return (table) => sqliteColumns(storage.db, table);
  }

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
