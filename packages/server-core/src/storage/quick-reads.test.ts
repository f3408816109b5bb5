import { describe, expect, it } from 'vitest';
import { insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from './memory';
import { preparedSelect } from './quick-reads';
import type { QuickRead } from './read-path';
import type { Storage } from './storage';

const now = new Date('2026-01-01T00:00:00Z');

/** sql.js storage with a quick reader the test gives (as the SQLite file and PostgreSQL have one). */
function withQuickReader(storage: Storage, quick: QuickRead): Storage {
  return { ...storage, reads: { quick } };
}

describe('preparedSelect without or with a quick reader', () => {
  const byName = preparedSelect((db, name: string) =>
    db.selectFrom('workspaces').select(['id', 'name']).where('name', '=', name),
  );

  it('runs through Kysely where the runtime gave no reader (sql.js), with the arguments of each call', async () => {
    const memory = await openMemoryStorage();
    try {
      await insertWorkspace(memory.db, { name: 'a' }, now);
      await insertWorkspace(memory.db, { name: 'b' }, now);
      expect((await byName(memory, 'a')).map((row) => row.name)).toEqual(['a']);
      expect((await byName(memory, 'b')).map((row) => row.name)).toEqual(['b']);
    } finally {
      await memory.close();
    }
  });

  it('hands the reader SQL compiled once and each call its arguments; falls back to Kysely when it declines', async () => {
    const memory = await openMemoryStorage();
    try {
      const row = await insertWorkspace(memory.db, { name: 'kept' }, now);
      const calls: Array<[string, readonly unknown[]]> = [];
      let decline = false;
      const storage = withQuickReader(memory, (sql, parameters) => {
        calls.push([sql, parameters]);
        return decline ? undefined : [{ id: row.id, name: 'from the reader' }];
      });
      expect(await byName(storage, 'kept')).toEqual([{ id: row.id, name: 'from the reader' }]);
      expect(await byName(storage, 'other')).toEqual([{ id: row.id, name: 'from the reader' }]);
      decline = true;
      expect(await byName(storage, 'kept')).toEqual([{ id: row.id, name: 'kept' }]);
      expect(calls.map(([, parameters]) => parameters)).toEqual([['kept'], ['other'], ['kept']]);
      expect(new Set(calls.map(([sql]) => sql)).size).toBe(1);
      expect(calls[0]?.[0]).toMatch(/^select "id", "name" from "workspaces" where "name" = \?$/);
    } finally {
      await memory.close();
    }
  });

  it('never hands a transaction to the reader: its reads see its own writes', async () => {
    const memory = await openMemoryStorage();
    try {
      const storage = withQuickReader(memory, () => {
        throw new Error('the quick reader was asked inside a transaction');
      });
      const seen = await storage.writeTransaction('unscoped', async (trx) => {
        await insertWorkspace(trx, { name: 'uncommitted' }, now);
        return byName(trx, 'uncommitted');
      });
      expect(seen.map((row) => row.name)).toEqual(['uncommitted']);
    } finally {
      await memory.close();
    }
  });

  it('refuses, on first use, a query whose parameters are not its arguments in order', async () => {
    const limited = preparedSelect((db, id: number) =>
      db.selectFrom('workspaces').selectAll().where('id', '=', id).limit(1),
    );
    const memory = await openMemoryStorage();
    try {
      await expect(
        limited(
          withQuickReader(memory, () => []),
          1,
        ),
      ).rejects.toThrow(/parameters of "select .* are not its arguments in order/);
    } finally {
      await memory.close();
    }
  });

  it('compiles per storage: a second storage is handed its own SQL', async () => {
    const [first, second] = await Promise.all([openMemoryStorage(), openMemoryStorage()]);
    try {
      const asked: Array<[string, string]> = [];
      const a = withQuickReader(first, (sql) => {
        asked.push(['first', sql]);
        return [];
      });
      const b = withQuickReader(second, (sql) => {
        asked.push(['second', sql]);
        return [];
      });
      await byName(a, 'x');
      await byName(b, 'y');
      await byName(a, 'z');
      expect(asked.map(([which]) => which)).toEqual(['first', 'second', 'first']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
