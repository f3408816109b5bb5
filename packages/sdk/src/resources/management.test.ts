import { describe, expect, it } from 'vitest';
import { AbortedError, ApiError } from '../errors';
import { fail, ok, type Recorded, recorder, testClient } from '../test-helpers';
import { isFinalOperation, type OperationRecord } from './management';

const WS = '/openapi/v1/workspaces/7/management';
const OPERATOR = '3f1c2a4e-8b7d-4c9a-9e2f-1a2b3c4d5e6f';

const definition = {
  type: 'string',
  format: 'text',
  names: ['region'],
  rating: 0,
  description: '',
  isKeyword: false,
  autoGroup: false,
  baseField: null,
  enableSubDimensionExplorer: false,
  keywordFilters: [],
  subDimensions: [],
};

const record = (state: OperationRecord['state'], extra: Partial<OperationRecord> = {}): OperationRecord => ({
  operationId: 'op-1',
  target: { type: 'dimensions', id: 11 },
  action: 'update',
  state,
  beforeRevision: 'r1',
  afterRevision: 'r2',
  result: { id: 11, revision: 'r2' },
  createdAt: '2026-01-01T00:00:00Z',
  ...extra,
});

/**
 * A small fake of the management interface for dimension 11: revisions `r1`, `r2`, ...; the
 * commit answers operation `op-1`, whose states come from `states` one read at a time.
 */
function fakeManagement({
  states = ['verified'] as OperationRecord['state'][],
  taskUid = undefined as string | undefined,
  commitErrors = [] as Response[],
} = {}) {
  let revision = 1;
  let reads = 0;
  return recorder((request: Recorded) => {
    const path = request.url.pathname;
    const route = `${request.method} ${path.startsWith(WS) ? path.slice(WS.length) : path}`;
    const detail = () => ({
      id: Number(path.split('/').at(-2)),
      definition,
      revision: `r${revision}`,
      usedByModels: [],
    });
    switch (route) {
      case 'GET /dimensions/11/':
      case 'GET /dimensions/12/':
        return ok(detail());
      case 'POST /dimensions/preview/':
        return ok({
          action: (request.body as { action: string }).action,
          beforeRevision: `r${revision}`,
          afterRevision: `r${revision + 1}`,
          changes: {},
          impact: { usedByModels: [], usedByDrafts: [], dependentMeasures: [] },
          candidate: definition,
          planToken: `pt-${revision}`,
          expiresAt: '2026-01-01T00:10:00Z',
        });
      case 'POST /dimensions/':
      case 'PATCH /dimensions/11/':
      case 'DELETE /dimensions/11/': {
        const error = commitErrors.shift();
        if (error) {
          revision++; // someone else changed the object
          return error;
        }
        revision++;
        const id = route.startsWith('POST') ? 12 : 11;
        const deleted = route.startsWith('DELETE');
        return ok({
          operationId: 'op-1',
          state: 'saved',
          id,
          revision: deleted ? null : `r${revision}`,
          definition: deleted ? null : definition,
        });
      }
      case 'GET /operations/op-1/': {
        const state = states[Math.min(reads++, states.length - 1)] ?? 'verified';
        return ok(record(state, taskUid ? { taskUid } : {}));
      }
      default:
        return fail(404, 'not_found');
    }
  });
}

const routes = (requests: Recorded[]) => requests.map((r) => `${r.method} ${r.url.pathname.replace(WS, '')}`);
const conflict = () => fail(409, 'revision_conflict', { errmsg: 'revision moved' });

describe('management(ws).apply', () => {
  it('update: reads the revision, previews, commits, reads back and polls until final', async () => {
    const { fetch, requests } = fakeManagement({
      states: ['pending', 'pending', 'verified'],
      taskUid: 'task-1',
    });
    const client = testClient(fetch);
    const result = await client.management(7).apply({
      collection: 'dimensions',
      action: 'update',
      targetId: 11,
      changes: { description: 'Sales region' },
      operatorUid: OPERATOR,
    });
    expect(routes(requests)).toEqual([
      'GET /dimensions/11/',
      'POST /dimensions/preview/',
      'PATCH /dimensions/11/',
      'GET /dimensions/11/',
      'GET /operations/op-1/',
      'GET /operations/op-1/',
      'GET /operations/op-1/',
    ]);
    expect(requests[1]?.body).toEqual({
      action: 'update',
      targetId: 11,
      revision: 'r1',
      changes: { description: 'Sales region' },
      operatorUid: OPERATOR,
    });
    expect(requests[2]?.body).toEqual({
      changes: { description: 'Sales region' },
      planToken: 'pt-1',
      operatorUid: OPERATOR,
    });
    expect(requests[2]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.preview.planToken).toBe('pt-1');
    expect(result.commit).toMatchObject({ operationId: 'op-1', id: 11, revision: 'r2' });
    expect(result.readBack.revision).toBe('r2');
    expect(result.operation?.state).toBe('verified');
    // Backoff between the polls: 500 ms, then 1000 ms.
    expect(client.delays).toEqual([500, 1000]);
  });

  it('create: previews without target, commits with POST and reads the new object back', async () => {
    const { fetch, requests } = fakeManagement();
    const changes = { type: 'string' as const, format: 'text', names: ['region'] };
    const result = await testClient(fetch)
      .management(7)
      .apply({ collection: 'dimensions', action: 'create', changes });
    expect(routes(requests)).toEqual([
      'POST /dimensions/preview/',
      'POST /dimensions/',
      'GET /dimensions/12/',
      'GET /operations/op-1/',
    ]);
    expect(requests[0]?.body).toEqual({ action: 'create', changes });
    expect(requests[1]?.body).toEqual({ changes, planToken: 'pt-1' });
    expect(requests[1]?.headers.has('idempotency-key')).toBe(true);
    expect(result.readBack.id).toBe(12);
  });

  it('delete: previews with {} changes, commits the token only, and reads nothing back', async () => {
    const { fetch, requests } = fakeManagement({ states: ['saved'] });
    const result = await testClient(fetch).management(7).apply({
      collection: 'dimensions',
      action: 'delete',
      targetId: 11,
    });
    expect(routes(requests)).toEqual([
      'GET /dimensions/11/',
      'POST /dimensions/preview/',
      'DELETE /dimensions/11/',
      'GET /operations/op-1/',
    ]);
    expect(requests[1]?.body).toEqual({ action: 'delete', targetId: 11, revision: 'r1', changes: {} });
    expect(requests[2]?.body).toEqual({ planToken: 'pt-1' });
    expect(result.readBack).toBeNull();
    expect(result.commit.revision).toBeNull();
    expect(result.operation?.state).toBe('saved');
  });

  it('keeps polling a saved operation that has a follow-up task', async () => {
    const { fetch, requests } = fakeManagement({ states: ['saved', 'saved', 'failed'], taskUid: 'task-9' });
    const result = await testClient(fetch)
      .management(7)
      .apply({ collection: 'dimensions', action: 'update', targetId: 11, changes: {} });
    expect(routes(requests).filter((r) => r.includes('operations'))).toHaveLength(3);
    expect(result.operation?.state).toBe('failed');
  });

  it('stops after poll.maxAttempts and returns the last record as it is', async () => {
    const { fetch, requests } = fakeManagement({ states: ['pending'] });
    const client = testClient(fetch);
    const result = await client.management(7).apply({
      collection: 'dimensions',
      action: 'update',
      targetId: 11,
      changes: {},
      poll: { maxAttempts: 4, intervalMs: 100, maxIntervalMs: 250 },
    });
    expect(result.operation?.state).toBe('pending');
    expect(routes(requests).filter((r) => r.includes('operations'))).toHaveLength(4);
    expect(client.delays).toEqual([100, 200, 250]);
  });

  it('rethrows a revision conflict when retryOnConflict is off (the default)', async () => {
    const { fetch, requests } = fakeManagement({ commitErrors: [conflict()] });
    const error = await testClient(fetch)
      .management(7)
      .apply({ collection: 'dimensions', action: 'update', targetId: 11, changes: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errcode: 409,
      reason: 'revision_conflict',
      operationId: 'updateManagedDimension',
    });
    expect(routes(requests)).toEqual([
      'GET /dimensions/11/',
      'POST /dimensions/preview/',
      'PATCH /dimensions/11/',
    ]);
  });

  it('with retryOnConflict re-reads the detail and previews again, committing under a new key', async () => {
    const { fetch, requests } = fakeManagement({ commitErrors: [conflict()] });
    const result = await testClient(fetch)
      .management(7)
      .apply({
        collection: 'dimensions',
        action: 'update',
        targetId: 11,
        changes: { description: 'x' },
        retryOnConflict: true,
      });
    expect(routes(requests).slice(0, 6)).toEqual([
      'GET /dimensions/11/',
      'POST /dimensions/preview/',
      'PATCH /dimensions/11/',
      'GET /dimensions/11/',
      'POST /dimensions/preview/',
      'PATCH /dimensions/11/',
    ]);
    expect(requests[4]?.body).toMatchObject({ revision: 'r2' });
    expect(requests[5]?.body).toMatchObject({ planToken: 'pt-2' });
    const keys = [requests[2], requests[5]].map((r) => r?.headers.get('idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(result.commit.revision).toBe('r3');
  });

  it('bounds the conflict retries', async () => {
    const { fetch, requests } = fakeManagement({ commitErrors: [conflict(), conflict(), conflict()] });
    const error = await testClient(fetch)
      .management(7)
      .apply({ collection: 'dimensions', action: 'update', targetId: 11, changes: {}, retryOnConflict: 2 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errcode: 409, reason: 'revision_conflict' });
    expect(routes(requests).filter((r) => r.startsWith('PATCH'))).toHaveLength(3);
  });

  it('does not treat another 409 reason as a revision conflict', async () => {
    const { fetch, requests } = fakeManagement({ commitErrors: [fail(409, 'conflict')] });
    await expect(
      testClient(fetch)
        .management(7)
        .apply({ collection: 'dimensions', action: 'update', targetId: 11, changes: {}, retryOnConflict: 3 }),
    ).rejects.toMatchObject({ reason: 'conflict' });
    expect(routes(requests).filter((r) => r.startsWith('PATCH'))).toHaveLength(1);
  });

  it('stops polling when the signal is aborted', async () => {
    const { fetch } = fakeManagement({ states: ['pending'] });
    const controller = new AbortController();
    const client = testClient(fetch, {
      retries: {
        sleep: async () => {
          controller.abort();
        },
      },
    });
    await expect(
      client.management(7).apply({
        collection: 'dimensions',
        action: 'update',
        targetId: 11,
        changes: {},
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(AbortedError);
  });

  it.each([
    ['verified', undefined, true],
    ['failed', 'task-1', true],
    ['unknown', 'task-1', true],
    ['saved', undefined, true],
    ['saved', 'task-1', false],
    ['pending', 'task-1', false],
  ] as const)('isFinalOperation(state %s, taskUid %s) = %s', (state, taskUid, final) => {
    expect(isFinalOperation(record(state, taskUid ? { taskUid } : {}))).toBe(final);
  });
});

describe('management(ws) single calls', () => {
  it('collection(segment) is the same API as the named property', async () => {
    const { fetch, requests } = recorder(() => ok([]));
    const management = testClient(fetch).management(7);
    await management.collection('dimension-tables').list();
    await management.dimensionTables.list();
    expect(routes(requests)).toEqual(['GET /dimension-tables/', 'GET /dimension-tables/']);
  });

  it('impacts(type, id) and operation(id) fill their path', async () => {
    const { fetch, requests } = recorder(() => ok({}));
    const management = testClient(fetch).management(7);
    await management.impacts('measures', 5);
    await management.operation('op 1/x');
    expect(routes(requests)).toEqual(['GET /impacts/measures/5/', 'GET /operations/op%201%2Fx/']);
  });
});
