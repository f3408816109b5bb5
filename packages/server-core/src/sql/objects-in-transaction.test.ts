import { measureKind } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { deleteObject, insertObject, listObjects, listObjectsInTransaction, updateObject } from './objects';
import { insertWorkspace } from './workspaces';

/**
 * listObjectsInTransaction reads a kind's objects once per transaction; every write of that kind
 * through sql/objects.ts must make the next call read again, or a batch would check its items
 * against a stale list.
 */
describe('objects listed once per transaction', () => {
  let storage: Storage;
  const now = new Date('2026-11-24T08:00:00Z');
  const measure = (name: string, dimensionIds: number[] = []) => ({
    ...measureKind.defaults,
    names: [name],
    dimensionIds,
  });
  beforeAll(async () => {
    storage = await openMemoryStorage({ now: () => now });
  });
  afterAll(() => storage.close());

  const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

  it('answers the same list again within a transaction while nothing of the kind is written', async () => {
    const { id: workspaceId } = await insertWorkspace(storage.db, { name: 'cached' }, now);
    await insertObject(storage.db, { workspaceId, kind: 'measures', definition: measure('a') }, now);
    await storage.writeTransaction('unscoped', async (trx) => {
      const first = await listObjectsInTransaction(trx, workspaceId, 'measures');
      // A write of another kind or workspace leaves the list as read.
      await insertObject(
        trx,
        { workspaceId, kind: 'dimensions', definition: { names: ['d'] } as never },
        now,
      );
      expect(await listObjectsInTransaction(trx, workspaceId, 'measures')).toBe(first);
      expect(names(first)).toEqual(['a']);
    });
  });

  it.each([
    ['an insert', 'insert', ['a', 'b', 'new']],
    ['an update', 'update', ['a2', 'b']],
    ['a delete', 'delete', ['b']],
  ] as const)('reads again after %s of the kind in the same transaction', async (_name, write, want) => {
    const { id: workspaceId } = await insertWorkspace(storage.db, { name: write }, now);
    const a = await insertObject(
      storage.db,
      { workspaceId, kind: 'measures', definition: measure('a') },
      now,
    );
    await insertObject(storage.db, { workspaceId, kind: 'measures', definition: measure('b') }, now);
    await storage.writeTransaction('unscoped', async (trx) => {
      expect(names(await listObjectsInTransaction(trx, workspaceId, 'measures'))).toEqual(['a', 'b']);
      if (write === 'insert')
        await insertObject(trx, { workspaceId, kind: 'measures', definition: measure('new') }, now);
      if (write === 'update') await updateObject(trx, a, measure('a2'), now);
      if (write === 'delete') await deleteObject(trx, a);
      expect(names(await listObjectsInTransaction(trx, workspaceId, 'measures'))).toEqual(want);
    });
  });

  it('lists only the objects that may hold an id when asked, and keeps that list apart from the whole one', async () => {
    const { id: workspaceId } = await insertWorkspace(storage.db, { name: 'holding' }, now);
    for (const [name, ids] of [
      ['none', []],
      ['seven', [7]],
      ['twelve', [12, 3]],
      ['zero', [0]],
    ] as const) {
      await insertObject(
        storage.db,
        { workspaceId, kind: 'measures', definition: measure(name, [...ids]) },
        now,
      );
    }
    expect(names(await listObjects(storage.db, workspaceId, 'measures', 'dimensionIds'))).toEqual([
      'seven',
      'twelve',
      'zero',
    ]);
    await storage.writeTransaction('unscoped', async (trx) => {
      const holding = await listObjectsInTransaction(trx, workspaceId, 'measures', 'dimensionIds');
      const all = await listObjectsInTransaction(trx, workspaceId, 'measures');
      expect(names(holding)).toEqual(['seven', 'twelve', 'zero']);
      expect(names(all)).toEqual(['none', 'seven', 'twelve', 'zero']);
      const [none] = all;
      if (!none) throw new Error('no measure');
      await updateObject(trx, none, measure('none', [4]), now);
      expect(names(await listObjectsInTransaction(trx, workspaceId, 'measures', 'dimensionIds'))).toEqual([
        'none',
        'seven',
        'twelve',
        'zero',
      ]);
    });
  });

  it('reads afresh on every call outside a transaction', async () => {
    const { id: workspaceId } = await insertWorkspace(storage.db, { name: 'plain' }, now);
    const first = await listObjectsInTransaction(storage.db, workspaceId, 'measures');
    await insertObject(storage.db, { workspaceId, kind: 'measures', definition: measure('late') }, now);
    expect(first).toEqual([]);
    expect(names(await listObjectsInTransaction(storage.db, workspaceId, 'measures'))).toEqual(['late']);
  });
});
