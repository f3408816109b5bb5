import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EMPTY_DATABASE_FILE, renderEmptyDatabase } from '../../scripts/empty-database';
import { EMPTY_DATABASE } from './empty-database.generated';
import { migratedEmptyDatabase, openMemoryStorage } from './memory';
import { migrations } from './migrations';

const shipped = readFileSync(new URL(`../../${EMPTY_DATABASE_FILE}`, import.meta.url), 'utf8');

describe('the shipped image of the migrated empty database', () => {
  it('is what the migrations produce today (else: npm run generate)', async () => {
    expect(shipped).toBe(renderEmptyDatabase(await migratedEmptyDatabase()));
  });

  it('records every migration', () => {
    expect(EMPTY_DATABASE.versions).toEqual(migrations.map((migration) => migration.version));
  });

  it('opens with every table and migration of a migrated database, foreign keys on', async () => {
    const storage = await openMemoryStorage();
    try {
      const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
        storage.db,
      );
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['schema_migrations', 'access_keys', 'workspaces', 'accounts', 'sources']),
      );
      const applied = await storage.db.selectFrom('schema_migrations').select('version').execute();
      expect(applied.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
      // Foreign keys are on in the opened copy (a pragma is not part of the file).
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(storage.db);
      expect(keys.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await storage.close();
    }
  });
});
