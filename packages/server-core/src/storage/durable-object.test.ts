import initSqlJs from 'sql.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDurableObjectStorage } from '../../test/fake-durable-object';
import { deleteWorkspace, findWorkspace, insertWorkspace } from '../sql/workspaces';
import { openDurableObjectStorage } from './durable-object';
import type { Storage } from './storage';

const SQL = await initSqlJs();
const now = new Date('2026-11-26T00:00:00Z');
const opened: Storage[] = [];

async function open() {
  const database = new SQL.Database();
  database.run('PRAGMA foreign_keys = ON');
  const objectStorage = fakeDurableObjectStorage(database);
  const storage = await openDurableObjectStorage(objectStorage, () => now);
  opened.push(storage);
  return { storage, objectStorage };
}

afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

const names = async (storage: Storage) =>
  (await storage.db.selectFrom('workspaces').select('name').orderBy('id').execute()).map((row) => row.name);

describe('storage in a SQLite-backed Durable Object', () => {
  it('migrates and writes through the object transactions only: never SQL BEGIN or SAVEPOINT', async () => {
    const { storage, objectStorage } = await open();
    await storage.writeTransaction('unscoped', (trx) => insertWorkspace(trx, { name: 'a' }, now));
    expect(await names(storage)).toEqual(['a']);
    expect(objectStorage.statements.filter((text) => /^\s*(begin|savepoint|commit)\b/i.test(text))).toEqual(
      [],
    );
  });

  it('leaves nothing of a transaction that fails after writing (a batch failing on its last item)', async () => {
    const { storage } = await open();
    await storage.writeTransaction('unscoped', (trx) => insertWorkspace(trx, { name: 'kept' }, now));
    const failing = storage.writeTransaction('unscoped', async (trx) => {
      await insertWorkspace(trx, { name: 'first of the batch' }, now);
      await insertWorkspace(trx, { name: 'second of the batch' }, now);
      throw new Error('the last item is invalid');
    });
    await expect(failing).rejects.toThrow('the last item is invalid');
    expect(await names(storage)).toEqual(['kept']);
  });

  it('lets no other query read a transaction before it commits: they wait for it', async () => {
    const { storage } = await open();
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    let finish: () => void = () => undefined;
    const transaction = storage.writeTransaction('unscoped', async (trx) => {
      await insertWorkspace(trx, { name: 'uncommitted' }, now);
      wrote();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      throw new Error('rolled back');
    });
    await written;
    // Both reads start while the transaction is open; neither may see its row.
    const read = names(storage);
    const kept = findWorkspace(storage, 1);
    finish();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
    expect(await kept).toBeUndefined();
  });

  it('keeps rows while nothing was written, and reads again after any write', async () => {
    const { storage } = await open();
    const { id } = await storage.writeTransaction('unscoped', (trx) =>
      insertWorkspace(trx, { name: 'before' }, now),
    );
    expect(storage.reads?.version?.()).toBeTypeOf('number');
    expect((await findWorkspace(storage, id))?.name).toBe('before');
    await storage.writeTransaction({ workspaceIds: [id] }, (trx) =>
      trx.updateTable('workspaces').set({ name: 'after' }).where('id', '=', id).execute(),
    );
    expect((await findWorkspace(storage, id))?.name).toBe('after');
  });

  it('counts the rows a statement wrote, as Kysely reports them', async () => {
    const { storage } = await open();
    const { id } = await storage.writeTransaction('unscoped', (trx) =>
      insertWorkspace(trx, { name: 'x' }, now),
    );
    expect(await storage.writeTransaction({ workspaceIds: [id] }, (trx) => deleteWorkspace(trx, id))).toBe(1);
    expect(await storage.writeTransaction({ workspaceIds: [id] }, (trx) => deleteWorkspace(trx, id))).toBe(0);
    const inserted = await storage.db
      .insertInto('schema_migrations')
      .values({ version: 999, name: 'probe', applied_at: now.toISOString() })
      .executeTakeFirst();
    expect(inserted.insertId).toBe(999n);
  });
});
