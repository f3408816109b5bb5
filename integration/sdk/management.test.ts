import { managementCollections } from '@wsadmin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyCollection, cases, managementWorkspace } from './management-fixtures';
import { serverForTests } from './setup';

const server = serverForTests();
let ws: number;
/** A dimension that models and impacts refer to. */
let dimensionId: number;

beforeAll(async () => {
  ({ ws, dimensionId } = await managementWorkspace(server));
});

const COLLECTIONS = managementCollections;

describe('management interface, every collection, step by step', () => {
  it.each(COLLECTIONS)('%s: preview and commit a create, an update and a delete', async (collection) => {
    const row = cases(dimensionId).find((c) => c.collection === collection);
    if (!row) throw new Error(`no case for ${collection}`);
    const management = server.client.management(ws);
    const api = management.collection(collection) as unknown as AnyCollection;

    // Create.
    const created = await api.preview({ action: 'create', changes: row.create });
    expect(created).toMatchObject({
      action: 'create',
      beforeRevision: null,
      candidate: expect.objectContaining(row.create),
    });
    const commit = await api.commitCreate({ changes: row.create, planToken: created.planToken });
    expect(commit).toMatchObject({ state: row.createState, revision: created.afterRevision });
    const { id } = commit;
    expect(await api.list()).toContainEqual({ id, name: row.name, revision: created.afterRevision });
    const detail = await api.get(id);
    expect(detail).toMatchObject({ id, revision: created.afterRevision, definition: commit.definition });
    const record = await management.operation(commit.operationId);
    expect(record).toMatchObject({
      operationId: commit.operationId,
      target: { type: collection, id },
      action: 'create',
      state: row.createState,
      beforeRevision: null,
      afterRevision: created.afterRevision,
    });
    expect(Boolean(record.taskUid)).toBe(row.createState === 'pending');
    expect(await management.impacts(collection, id)).toMatchObject({ type: collection, id });

    // Update: only the changed fields are sent; the rest keeps its value.
    const updating = await api.preview({
      action: 'update',
      targetId: id,
      revision: detail.revision,
      changes: row.update,
    });
    expect(updating).toMatchObject({
      beforeRevision: detail.revision,
      candidate: expect.objectContaining(row.update),
    });
    const updated = await api.commitUpdate(id, { changes: row.update, planToken: updating.planToken });
    expect(updated).toMatchObject({ id, state: 'saved', revision: updating.afterRevision });
    expect((await api.get(id)).definition).toEqual({ ...detail.definition, ...row.update });

    // Delete.
    const deleting = await api.preview({
      action: 'delete',
      targetId: id,
      revision: updating.afterRevision,
      changes: {},
    });
    expect(deleting).toMatchObject({ action: 'delete', afterRevision: null, candidate: null });
    const deleted = await api.commitDelete(id, { planToken: deleting.planToken });
    expect(deleted).toMatchObject({ id, revision: null, definition: null, state: 'saved' });
    await expect(api.get(id)).rejects.toMatchObject({ errcode: 404, status: 404 });
    expect((await api.list()).map((s) => s.id)).not.toContain(id);
  });

  it('reaches each kind both as a property and by its URL segment', async () => {
    const management = server.client.management(ws);
    const pairs = [
      [management.timeSeries, 'time-series'],
      [management.dimensions, 'dimensions'],
      [management.measures, 'measures'],
      [management.dimensionTables, 'dimension-tables'],
      [management.models, 'models'],
      [management.corpus, 'corpus'],
      [management.sops, 'sops'],
      [management.datasets, 'datasets'],
    ] as const;
    for (const [byProperty, segment] of pairs) {
      expect(await byProperty.list()).toEqual(await management.collection(segment).list());
    }
    expect((await management.dimensions.list()).map((s) => s.name)).toContain('region');
  });

  it('answers impacts: models using a dimension and measures depending on it', async () => {
    const management = server.client.management(ws);
    const [dimension] = await server.client.dimensions.create(ws, [
      { type: 'string', format: 'text', names: ['segment'] },
    ]);
    if (!dimension) throw new Error('one dimension expected');
    const measure = await management.apply({
      collection: 'measures',
      action: 'create',
      changes: { names: ['segment revenue'], dimensionIds: [dimension.id] },
    });
    const model = await management.apply({
      collection: 'models',
      action: 'create',
      changes: { name: 'Segments', dimensions: [dimension.id], measures: [measure.commit.id] },
    });
    expect(await management.impacts('dimensions', dimension.id)).toEqual({
      type: 'dimensions',
      id: dimension.id,
      usedByModels: [expect.objectContaining({ name: 'Segments' })],
      usedByDrafts: [],
      dependentMeasures: [{ id: measure.commit.id, name: 'segment revenue' }],
      dependsOn: [],
    });
    expect((await management.impacts('models', model.commit.id)).dependsOn).toEqual(
      expect.arrayContaining([
        { type: 'dimensions', id: dimension.id, name: 'segment' },
        { type: 'measures', id: measure.commit.id, name: 'segment revenue' },
      ]),
    );
  });

  it('replays a commit sent again with the same Idempotency-Key', async () => {
    const api = server.client.management(ws).corpus;
    const changes = { title: 'Replayed', content: 'once' };
    const { planToken } = await api.preview({ action: 'create', changes });
    const first = await api.commitCreate({ changes, planToken }, { idempotencyKey: 'replay-key-1' });
    const again = await api.commitCreate({ changes, planToken }, { idempotencyKey: 'replay-key-1' });
    expect(again).toEqual(first);
    expect((await api.list()).filter((s) => s.name === 'Replayed')).toHaveLength(1);
  });

  it('retries a commit whose answer was lost with the same Idempotency-Key, and gets the first result', async () => {
    const keys: (string | null)[] = [];
    let lost = false;
    const client = server.clientWith({
      retries: { limit: 1, baseDelayMs: 1 },
      fetch: async (request) => {
        if (request.method !== 'POST' || request.url.endsWith('/preview/')) return fetch(request);
        keys.push(request.headers.get('Idempotency-Key'));
        const response = await fetch(request);
        if (lost) return response;
        lost = true; // the server committed, but the answer never arrives
        throw new TypeError('fetch failed');
      },
    });
    const api = client.management(ws).sops;
    const changes = { name: 'Lost answer', steps: ['retry'] };
    const { planToken } = await api.preview({ action: 'create', changes });
    const commit = await api.commitCreate({ changes, planToken });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await api.get(commit.id)).toMatchObject({ revision: commit.revision });
    expect((await api.list()).filter((s) => s.name === 'Lost answer')).toHaveLength(1);
  });
});
