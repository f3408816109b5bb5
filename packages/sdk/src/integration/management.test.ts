import { managementCollections } from '@wsadmin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import type { ApplyRequest, OperationRecord } from '../resources/management';
import type { CommitOptions, ManagementCollection } from '../types';
import { useServer } from './setup';

const server = useServer();
let ws: number;
/** A dimension and a measure that models and impacts refer to. */
let dimensionId: number;

beforeAll(async () => {
  ws = (await server.client.workspaces.create({ name: 'Management' })).id;
  await server.client.sources.set(ws, {
    tables: [{ name: 'orders', fields: ['id', 'region', 'ordered_at'] }],
  });
  const [region] = await server.client.dimensions.create(ws, [
    { type: 'string', format: 'text', names: ['region'] },
  ]);
  if (!region) throw new Error('one dimension expected');
  dimensionId = region.id;
});

/** One row of the table: a valid create and a valid update of one kind, checked against its types. */
type Case<C extends ManagementCollection> = {
  collection: C;
  /** Name of the summary after the create. */
  name: string;
  create: ApplyRequest<C, 'create'>['changes'];
  update: ApplyRequest<C, 'update'>['changes'];
  /** State of the create commit: `pending` when it binds a source (a refresh task follows). */
  createState: 'saved' | 'pending';
};
type AnyCase = { [C in ManagementCollection]: Case<C> }[ManagementCollection];

const COLLECTIONS = managementCollections;

/** Built when a test runs: the rows refer to the dimension made in `beforeAll`. */
const cases = (): AnyCase[] => [
  {
    collection: 'time-series',
    name: 'order day',
    create: { type: 'date', names: ['order day'], timeUnit: 'day', table: 'orders', field: 'ordered_at' },
    update: { description: 'Day of the order', defaultTimeFunc: { aggregation: 'sum', timeUnit: 'month' } },
    createState: 'pending',
  },
  {
    collection: 'dimensions',
    name: 'product',
    create: { type: 'string', format: 'text', names: ['product'] },
    update: { description: 'Product line', isKeyword: true },
    createState: 'saved',
  },
  {
    collection: 'measures',
    name: 'margin',
    create: { names: ['margin'], expression: 'revenue - cost', dimensionIds: [dimensionId] },
    update: { sort: 1 },
    createState: 'saved',
  },
  {
    collection: 'dimension-tables',
    name: 'Regions',
    create: { name: 'Regions', table: 'orders', keyField: 'region', dimensionIds: [dimensionId] },
    update: { description: 'One row per region' },
    createState: 'pending',
  },
  {
    collection: 'models',
    name: 'Orders model',
    create: { name: 'Orders model', dimensions: [dimensionId], draft: true },
    update: { description: 'Draft of the orders model' },
    createState: 'saved',
  },
  {
    collection: 'corpus',
    name: 'Glossary',
    create: { title: 'Glossary', content: 'Region: where the order ships to.' },
    update: { tags: ['terms'] },
    createState: 'saved',
  },
  {
    collection: 'sops',
    name: 'Month end',
    create: { name: 'Month end', steps: ['close the books', 'report'] },
    update: { description: 'Monthly closing' },
    createState: 'saved',
  },
  {
    collection: 'datasets',
    name: 'Orders',
    create: { name: 'Orders', table: 'orders', fields: ['id'] },
    update: { description: 'All orders' },
    createState: 'pending',
  },
];

/** The per-kind API seen without its per-kind types, for a table that runs every kind alike. */
interface AnyCollection {
  list(): Promise<{ id: number; name: string; revision: string }[]>;
  get(id: number): Promise<{ id: number; revision: string; definition: Record<string, unknown> }>;
  preview(body: object): Promise<{
    action: string;
    beforeRevision: string | null;
    afterRevision: string | null;
    candidate: Record<string, unknown> | null;
    planToken: string;
  }>;
  commitCreate(body: object, options?: CommitOptions): Promise<Commit>;
  commitUpdate(id: number, body: object, options?: CommitOptions): Promise<Commit>;
  commitDelete(id: number, body: object, options?: CommitOptions): Promise<Commit>;
}
interface Commit {
  operationId: string;
  state: string;
  id: number;
  revision: string | null;
  definition: Record<string, unknown> | null;
}

describe('management interface, every collection, step by step', () => {
  it.each(COLLECTIONS)('%s: preview and commit a create, an update and a delete', async (collection) => {
    const row = cases().find((c) => c.collection === collection);
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

describe('apply() end to end', () => {
  it('creates, updates and deletes a dimension, reading back and settling the operation', async () => {
    const management = server.client.management(ws);
    const created = await management.apply({
      collection: 'dimensions',
      action: 'create',
      changes: { type: 'string', format: 'text', names: ['warehouse'] },
    });
    expect(created.commit.state).toBe('saved');
    expect(created.readBack).toMatchObject({ id: created.commit.id, revision: created.commit.revision });
    expect(created.readBack.definition.names).toEqual(['warehouse']);
    expect(created.operation).toMatchObject({ operationId: created.commit.operationId, state: 'saved' });

    // The plan token is bound to the operator: apply sends it with the preview and the commit.
    const operator = await server.client.accounts.create({ nickname: 'Operator' });
    const updated = await management.apply({
      collection: 'dimensions',
      action: 'update',
      targetId: created.commit.id,
      changes: { names: ['warehouse', 'depot'] },
      operatorUid: operator.uid,
    });
    expect(updated.preview.beforeRevision).toBe(created.commit.revision);
    expect(updated.readBack.revision).not.toBe(created.commit.revision);
    expect(updated.readBack.definition.names).toEqual(['warehouse', 'depot']);
    // The older API sees the same object.
    const legacy = (await server.client.dimensions.list(ws)).find((d) => d.id === created.commit.id);
    expect(legacy?.names).toEqual(['warehouse', 'depot']);

    const deleted = await management.apply({
      collection: 'dimensions',
      action: 'delete',
      targetId: created.commit.id,
    });
    expect(deleted.readBack).toBeNull();
    expect(deleted.operation).toMatchObject({ action: 'delete', state: 'saved', afterRevision: null });
    await expect(management.dimensions.get(created.commit.id)).rejects.toMatchObject({ errcode: 404 });
  });

  /**
   * A client whose polling sleep moves the server's test clock past the refresh debounce (2 s)
   * instead of waiting, and which records the state of every operation record it reads.
   */
  function clockedClient() {
    const states: OperationRecord['state'][] = [];
    const client = server.clientWith({
      retries: { limit: 0, sleep: async () => void (await server.advanceClock(3)) },
      fetch: async (request) => {
        const response = await fetch(request);
        if (request.url.includes('/operations/')) {
          states.push(((await response.clone().json()) as { data: OperationRecord }).data.state);
        }
        return response;
      },
    });
    return { client, states };
  }

  it('waits for the follow-up task of a dataset bound to a catalogue table: pending -> verified', async () => {
    const { client, states } = clockedClient();
    const result = await client.management(ws).apply({
      collection: 'datasets',
      action: 'create',
      changes: { name: 'Order lines', table: 'orders', fields: ['id', 'region'] },
      poll: { intervalMs: 10 },
    });
    expect(result.commit.state).toBe('pending');
    expect(states).toEqual(['pending', 'verified']);
    expect(result.operation).toMatchObject({
      state: 'verified',
      taskUid: expect.any(String),
      taskResult: { status: 'succeeded' },
    });
  });

  it('reports failed when the bound table is missing from the source catalogue', async () => {
    const { client, states } = clockedClient();
    const result = await client.management(ws).apply({
      collection: 'datasets',
      action: 'create',
      changes: { name: 'Returns', table: 'returns' },
      poll: { intervalMs: 10 },
    });
    expect(states).toEqual(['pending', 'failed']);
    expect(result.operation?.state).toBe('failed');
    expect(result.operation?.taskResult?.message).toContain('returns');
  });

  it('really waits when no clock is moved: the node server runs due tasks on its own timer', async () => {
    const management = server.clientWith({ retries: 0 }).management(ws);
    const started = Date.now();
    const result = await management.apply({
      collection: 'dimension-tables',
      action: 'create',
      changes: { name: 'Orders table', table: 'orders', keyField: 'id' },
      poll: { intervalMs: 500, maxIntervalMs: 500, maxAttempts: 20 },
    });
    expect(result.operation?.state).toBe('verified');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500); // the 2 s debounce, less scheduling slack
  });
});

describe('apply() and a revision that moves between read and commit', () => {
  /**
   * A client whose fetch, right before the first commit of dimension `id`, changes the same
   * dimension through the older batch API (another writer), so the commit meets a newer revision.
   */
  function racingClient(id: number, keyword: string) {
    const calls: string[] = [];
    let raced = false;
    const client = server.clientWith({
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        calls.push(`${request.method} ${path.replace(/^.*\/management/, '')}`);
        if (request.method === 'PATCH' && !raced) {
          raced = true;
          await server.client.dimensions.update(ws, [
            { id, type: 'string', format: 'text', names: [keyword, 'moved by another writer'] },
          ]);
        }
        return fetch(request);
      },
    });
    return { client, calls };
  }

  async function freshDimension(keyword: string) {
    const [dimension] = await server.client.dimensions.create(ws, [
      { type: 'string', format: 'text', names: [keyword] },
    ]);
    if (!dimension) throw new Error('one dimension expected');
    return dimension.id;
  }

  it('re-reads, previews again and succeeds with retryOnConflict', async () => {
    const id = await freshDimension('raced');
    const { client, calls } = racingClient(id, 'raced');
    const result = await client.management(ws).apply({
      collection: 'dimensions',
      action: 'update',
      targetId: id,
      changes: { description: 'Set by apply' },
      retryOnConflict: true,
    });
    expect(calls).toEqual([
      `GET /dimensions/${id}/`,
      'POST /dimensions/preview/',
      `PATCH /dimensions/${id}/`,
      `GET /dimensions/${id}/`,
      'POST /dimensions/preview/',
      `PATCH /dimensions/${id}/`,
      `GET /dimensions/${id}/`,
      `GET /operations/${result.commit.operationId}/`,
    ]);
    // Both writers' changes survive: apply previewed again on top of the other writer's revision.
    expect(result.readBack.definition).toMatchObject({
      names: ['raced', 'moved by another writer'],
      description: 'Set by apply',
    });
  });

  it('throws ApiError 409 revision_conflict without retryOnConflict, saving nothing', async () => {
    const id = await freshDimension('raced again');
    const { client, calls } = racingClient(id, 'raced again');
    const error = await client
      .management(ws)
      .apply({ collection: 'dimensions', action: 'update', targetId: id, changes: { description: 'Lost' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errcode: 409,
      status: 409,
      reason: 'revision_conflict',
      operationId: 'updateManagedDimension',
    });
    expect(calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(1);
    const { definition } = await server.client.management(ws).dimensions.get(id);
    expect(definition).toMatchObject({ names: ['raced again', 'moved by another writer'], description: '' });
  });
});
