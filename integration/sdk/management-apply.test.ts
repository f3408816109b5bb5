import type { OperationRecord } from '@wsadmin/sdk';
import { ApiError } from '@wsadmin/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { managementWorkspace } from './management-fixtures';
import { serverForTests } from './setup';

const server = serverForTests();
let ws: number;

beforeAll(async () => {
  ({ ws } = await managementWorkspace(server));
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
