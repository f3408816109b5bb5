import type { dimensionOperations } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import {
  dimensionItem,
  dimensionUsage,
  newDimensionDefinition,
  toDimension,
  updatedDimensionDefinition,
} from '../mappings/dimensions';
import { modelReferenceIndex } from '../sql/model-references';
import { listText } from '../sql/object-list-text';
import { insertObject, type StoredObject, updateObject } from '../sql/objects';
import {
  deleteUnlessPublished,
  detachDeleted,
  requireObject,
  requireUniqueKeyword,
} from '../sql/semantic-objects';
import type { Schema } from '../storage/schema';
import { forEachDistinctItem, forEachItem } from './batch';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';

type Db = Kysely<Schema>;

/** Dimensions with the models (published and draft) that list them. */
async function answer(db: Db, workspaceId: number, objects: StoredObject<'dimensions'>[]) {
  const referencesOf = await modelReferenceIndex(db, workspaceId);
  return objects.map((object) => toDimension(object, dimensionUsage(referencesOf('dimensions', object.id))));
}

export const dimensionHandlers: Handlers<keyof typeof dimensionOperations> = {
  async listDimensions({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return listText(storage, params.workspaceId, {
      kind: 'dimensions',
      item: dimensionItem,
      async tails() {
        const referencesOf = await modelReferenceIndex(db, params.workspaceId);
        return (id) => dimensionUsage(referencesOf('dimensions', id));
      },
    });
  },

  async createDimensions({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    const workspaceId = params.workspaceId;
    return storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      const created = await forEachItem(
        'dimensions',
        body.dimensions,
        async (item) => {
          await requireUniqueKeyword(trx, workspaceId, 'dimensions', item.names);
          const definition = newDimensionDefinition(item);
          return insertObject(trx, { workspaceId, kind: 'dimensions', definition }, now);
        },
        signal,
      );
      return answer(trx, workspaceId, created);
    });
  },

  async updateDimensions({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    const workspaceId = params.workspaceId;
    // The spec carries the items under `measures` (sic); `dimensions` is the accepted alias.
    const [list, items] = 'measures' in body ? ['measures', body.measures] : ['dimensions', body.dimensions];
    return storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      const updated = await forEachItem(
        list,
        items,
        async (item) => {
          const stored = await requireObject(trx, workspaceId, 'dimensions', item.id);
          await requireUniqueKeyword(trx, workspaceId, 'dimensions', item.names, item.id);
          return updateObject(trx, stored, updatedDimensionDefinition(stored.definition, item), now);
        },
        signal,
      );
      return answer(trx, workspaceId, updated);
    });
  },

  async deleteDimensions({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    const workspaceId = params.workspaceId;
    await storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      await forEachDistinctItem(
        'dimensionIds',
        body.dimensionIds,
        async (id) => {
          await deleteUnlessPublished(trx, workspaceId, 'dimensions', id);
          await detachDeleted(trx, workspaceId, 'dimensions', id, now);
        },
        signal,
      );
    });
  },
};
