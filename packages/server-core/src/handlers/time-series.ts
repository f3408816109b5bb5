import type { TimeSeriesWrite, timeSeriesOperations } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { timeSeriesDefinition, timeSeriesListBody, toTimeSeries } from '../mappings/time-series';
import { modelReferenceIndex } from '../sql/model-references';
import { listText } from '../sql/object-list-text';
import { insertObject, type StoredObject, updateObject } from '../sql/objects';
import { deleteUnlessPublished, requireObject, requireUniqueKeyword } from '../sql/semantic-objects';
import type { Schema } from '../storage/schema';
import { forEachDistinctItem, forEachItem } from './batch';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';

type Db = Kysely<Schema>;

const USED = { used: true };
const UNUSED = { used: false };
type Write = z.output<typeof TimeSeriesWrite>;

async function create(db: Db, workspaceId: number, body: Write, now: Date) {
  await requireUniqueKeyword(db, workspaceId, 'time-series', body.names);
  return insertObject(db, { workspaceId, kind: 'time-series', definition: timeSeriesDefinition(body) }, now);
}

/** PUT replaces the time series with the body (see timeSeriesDefinition). */
async function replace(db: Db, workspaceId: number, id: number, body: Write, now: Date) {
  const stored = await requireObject(db, workspaceId, 'time-series', id);
  await requireUniqueKeyword(db, workspaceId, 'time-series', body.names, id);
  return updateObject(db, stored, timeSeriesDefinition(body, stored.definition), now);
}

/** `used`: some model, published or draft, lists the time series. */
async function usage(db: Db, workspaceId: number) {
  const referencesOf = await modelReferenceIndex(db, workspaceId);
  return (id: number) => {
    const { published, drafts } = referencesOf('time-series', id);
    return published.length + drafts.length > 0;
  };
}

async function answer(db: Db, workspaceId: number, objects: StoredObject<'time-series'>[]) {
  const used = await usage(db, workspaceId);
  return objects.map((object) => toTimeSeries(object, used(object.id)));
}

async function answerOne(db: Db, object: StoredObject<'time-series'>) {
  const used = await usage(db, object.workspaceId);
  return toTimeSeries(object, used(object.id));
}

export const timeSeriesHandlers: Handlers<keyof typeof timeSeriesOperations> = {
  async listTimeSeries({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return listText(storage, params.workspaceId, {
      kind: 'time-series',
      item: timeSeriesListBody,
      async tails() {
        const used = await usage(db, params.workspaceId);
        // Two shared tails, each serialised once per list.
        return (id) => (used(id) ? USED : UNUSED);
      },
    });
  },

  async getTimeSeries({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return answerOne(db, await requireObject(db, params.workspaceId, 'time-series', params.timeSeriesId));
  },

  async createTimeSeries({ params, body }, { storage, clock }) {
    const now = clock.now();
    return storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      return answerOne(trx, await create(trx, params.workspaceId, body, now));
    });
  },

  async updateTimeSeries({ params, body }, { storage, clock }) {
    const now = clock.now();
    return storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      return answerOne(trx, await replace(trx, params.workspaceId, params.timeSeriesId, body, now));
    });
  },

  async deleteTimeSeries({ params }, { storage }) {
    await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      await deleteUnlessPublished(trx, params.workspaceId, 'time-series', params.timeSeriesId);
    });
  },

  async createTimeSeriesBatch({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    return storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      const created = await forEachItem(
        'timeSeries',
        body.timeSeries,
        (item) => create(trx, params.workspaceId, item, now),
        signal,
      );
      return answer(trx, params.workspaceId, created);
    });
  },

  async updateTimeSeriesBatch({ params, body }, { storage, clock, signal }) {
    const now = clock.now();
    return storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      const updated = await forEachItem(
        'timeSeries',
        body.timeSeries,
        ({ id, ...item }) => replace(trx, params.workspaceId, id, item, now),
        signal,
      );
      return answer(trx, params.workspaceId, updated);
    });
  },

  async deleteTimeSeriesBatch({ params, body }, { storage, signal }) {
    await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, params.workspaceId);
      await forEachDistinctItem(
        'timeSeriesIds',
        body.timeSeriesIds,
        (id) => deleteUnlessPublished(trx, params.workspaceId, 'time-series', id),
        signal,
      );
    });
  },
};
