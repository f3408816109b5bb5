import type { measureOperations } from '@wsadmin/contract';
import { newMeasureDefinition, toMeasure, updatedMeasureDefinition } from '../mappings/measures';
import { listText } from '../sql/object-list-text';
import { insertObject, updateObject } from '../sql/objects';
import { deleteUnlessPublished, requireObject, requireUniqueKeyword } from '../sql/semantic-objects';
import { forEachDistinctItem, forEachItem } from './batch';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';

export const measureHandlers: Handlers<keyof typeof measureOperations> = {
  async listMeasures({ params }, { storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return listText(storage, params.workspaceId, { kind: 'measures', item: toMeasure });
  },

  async createMeasures({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    const workspaceId = params.workspaceId;
    const created = await storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      return forEachItem(
        'measures',
        body.measures,
        async (item) => {
          await requireUniqueKeyword(trx, workspaceId, 'measures', item.names);
          return insertObject(
            trx,
            { workspaceId, kind: 'measures', definition: newMeasureDefinition(item) },
            now,
          );
        },
        signal,
      );
    });
    return created.map(toMeasure);
  },

  async updateMeasures({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    const workspaceId = params.workspaceId;
    const updated = await storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      return forEachItem(
        'measures',
        body.measures,
        async (item) => {
          const stored = await requireObject(trx, workspaceId, 'measures', item.id);
          if (item.names) await requireUniqueKeyword(trx, workspaceId, 'measures', item.names, item.id);
          return updateObject(trx, stored, updatedMeasureDefinition(stored.definition, item), now);
        },
        signal,
      );
    });
    return updated.map(toMeasure);
  },

  async deleteMeasures({ params, body }, { storage, signal }) {
    const workspaceId = params.workspaceId;
    await storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      await forEachDistinctItem(
        'measureIds',
        body.measureIds,
        (id) => deleteUnlessPublished(trx, workspaceId, 'measures', id),
        signal,
      );
    });
  },
};
