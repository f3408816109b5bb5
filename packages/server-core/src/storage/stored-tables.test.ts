import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  renderStoredTables,
  STORED_TABLES,
  STORED_TABLES_FILE,
  storedColumns,
} from '../../scripts/stored-tables';
import { openMemoryStorage } from './memory';
import { STORED_COLUMNS } from './stored-tables.generated';

const shipped = readFileSync(new URL(`../../${STORED_TABLES_FILE}`, import.meta.url), 'utf8');

describe('the row types of the stored tables, generated from the migrations', () => {
  it('are what the migrations give today (else: npm run generate)', async () => {
    const storage = await openMemoryStorage();
    try {
      expect(shipped).toBe(renderStoredTables(await storedColumns(storage.db)));
    } finally {
      await storage.close();
    }
  });

  it('cover every table a mapping stores in', () => {
    expect(Object.keys(STORED_COLUMNS).sort()).toEqual(Object.keys(STORED_TABLES).sort());
  });

  it('render a nullable column, an assigned integer key and a composite key as Kysely types', () => {
    const text = renderStoredTables({
      members: [
        { name: 'workspace_id', type: 'integer', generated: false },
        { name: 'note', type: 'text null', generated: false },
      ],
      workspaces: [{ name: 'id', type: 'integer', generated: true }],
    });
    expect(text).toContain(
      'export interface MemberTable {\n  workspace_id: number;\n  note: string | null;\n}',
    );
    expect(text).toContain('export interface WorkspaceTable {\n  id: Generated<number>;\n}');
    expect(text).toContain("    note: 'text null',");
  });
});
