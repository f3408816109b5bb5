import { defineKind, type ManagementCollection, managementKinds, NonEmptyShortText } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kindRelations } from '../sql/kind-relations';
import { type Definition, findObject, insertObject } from '../sql/objects';
import { detachDeleted } from '../sql/semantic-objects';
import { insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { checkReferences, dependenciesOf, impactOf } from './references';
import { needsRefresh } from './refresh-tasks';

/**
 * A kind with references is its `defineKind` entry: this throwaway kind (never added to the
 * contract's list) points at dimensions and binds a source, and the server's reference, impact,
 * delete and refresh logic handle it from the declaration alone, with no other code change.
 */
const gadgetKind = defineKind({
  collection: 'gadgets',
  schemaName: 'Gadget',
  plural: 'Gadgets',
  facade: 'gadgets',
  label: 'gadget',
  readOnly: {},
  required: { name: NonEmptyShortText },
  optional: { parts: z.array(z.number().int()), source: z.string() },
  defaults: { parts: [], source: '' },
  usedByModels: false,
  references: { parts: 'dimensions' },
  sourceBinding: { table: 'source', fields: [] },
  uniqueKeyword: false,
  legacyViews: {},
});
const relations = kindRelations([...Object.values(managementKinds), gadgetKind]);
const gadgets = 'gadgets' as ManagementCollection;

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

const now = new Date('2030-01-01T00:00:00Z');
async function workspaceWithDimension() {
  const workspaceId = (await insertWorkspace(storage.db, {}, now)).id;
  const definition = {
    ...managementKinds.dimensions.defaults,
    type: 'string',
    format: 'text',
    names: ['city'],
  };
  const dimension = await insertObject(
    storage.db,
    { workspaceId, kind: 'dimensions', definition: definition as Definition<'dimensions'> },
    now,
  );
  return { workspaceId, dimensionId: dimension.id };
}
const insertGadget = (workspaceId: number, parts: number[]) =>
  insertObject(
    storage.db,
    {
      workspaceId,
      kind: gadgets,
      definition: { name: 'g', parts, source: '' } as unknown as Definition<ManagementCollection>,
    },
    now,
  );

describe('a kind declared with a reference to dimensions', () => {
  it('is related by its declaration: outgoing ids, holders of dimensions, binding', () => {
    expect(relations.outgoing('gadgets', { parts: [4, 5] })).toEqual([
      { field: 'parts', kind: 'dimensions', id: 4 },
      { field: 'parts', kind: 'dimensions', id: 5 },
    ]);
    expect(relations.holders('dimensions')).toContainEqual(['gadgets', 'parts']);
    expect(relations.bindingOf('gadgets', { source: 'sales' })).toEqual({ table: 'sales', fields: [] });
    expect(needsRefresh(gadgets, { source: 'a' }, { source: 'b' }, relations)).toBe(true);
    expect(needsRefresh(gadgets, { source: 'a' }, { source: 'a' }, relations)).toBe(false);
  });

  it('a change naming a missing dimension is refused naming the field; an existing one passes', async () => {
    const { workspaceId, dimensionId } = await workspaceWithDimension();
    await expect(
      checkReferences(storage.db, workspaceId, gadgets, { parts: [dimensionId + 1000] }, relations),
    ).rejects.toMatchObject({ errcode: 400, message: expect.stringContaining('changes.parts: dimensions') });
    await expect(
      checkReferences(storage.db, workspaceId, gadgets, { parts: [dimensionId] }, relations),
    ).resolves.toBeUndefined();
  });

  it('lists what a gadget depends on, and a deleted dimension leaves its list', async () => {
    const { workspaceId, dimensionId } = await workspaceWithDimension();
    const gadget = await insertGadget(workspaceId, [dimensionId]);
    expect(await dependenciesOf(storage.db, gadget, relations)).toEqual([
      { type: 'dimensions', id: dimensionId, name: 'city' },
    ]);
    // Gadgets are not measures or models: a dimension they list is deletable, with no impact named.
    expect(await impactOf(storage.db, workspaceId, 'dimensions', dimensionId, relations)).toEqual({
      usedByModels: [],
      usedByDrafts: [],
      dependentMeasures: [],
    });
    await detachDeleted(storage.db, workspaceId, 'dimensions', dimensionId, now, relations);
    const after = await findObject(storage.db, workspaceId, gadgets, gadget.id);
    expect(after?.definition).toMatchObject({ parts: [] });
    expect(after?.revision).not.toBe(gadget.revision);
  });

  it('without the declaration the same object relates to nothing (the declaration is what counts)', async () => {
    const { workspaceId, dimensionId } = await workspaceWithDimension();
    const gadget = await insertGadget(workspaceId, [dimensionId]);
    await detachDeleted(storage.db, workspaceId, 'dimensions', dimensionId, now);
    expect((await findObject(storage.db, workspaceId, gadgets, gadget.id))?.definition).toMatchObject({
      parts: [dimensionId],
    });
  });
});
