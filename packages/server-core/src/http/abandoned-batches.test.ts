import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';

/**
 * Every batch write stops for a client that has gone (issue 20): its loop checks the request's
 * signal before each item, inside the write transaction, whose rollback leaves nothing written.
 * The signal here has aborted before the handler runs, so the first item is never written.
 */

const BASE = 'http://wsadmin.test';
const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let app: ReturnType<typeof createApp>;
let workspaceId: number;

function send(method: string, path: string, body: unknown, signal?: AbortSignal) {
  return app.request(`${BASE}/openapi/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

async function read(path: string): Promise<unknown> {
  const answer = await app.request(`${BASE}/openapi/v1/${path}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  return ((await answer.json()) as { data: unknown }).data;
}

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  secret = (await createKey(storage.db, clock.now(), { name: 'abandoned batches' })).secret;
  app = createApp({ storage, clock, passwords: { hash: async (p) => p, verify: async () => false } });
  const created = await send('POST', 'workspaces/', { name: 'Batches' });
  workspaceId = ((await created.json()) as { data: { id: number } }).data.id;
  await send('POST', `workspaces/${workspaceId}/measures/create-measures/`, {
    measures: [{ names: ['revenue'] }],
  });
});
afterAll(() => storage.close());

const ws = () => `workspaces/${workspaceId}`;

interface Case {
  method: string;
  path: () => string;
  body: () => unknown;
  /** The read whose answer must be the same before and after. */
  list: () => string;
}

const cases: Array<[string, Case]> = [
  [
    'createWorkspaces',
    {
      method: 'POST',
      path: () => 'workspaces/create-workspaces/',
      body: () => ({ workspaces: [{ name: 'never' }] }),
      list: () => 'workspaces/',
    },
  ],
  [
    'deleteWorkspaces',
    {
      method: 'DELETE',
      path: () => 'workspaces/delete-workspaces/',
      body: () => ({ workspaceIds: [workspaceId] }),
      list: () => 'workspaces/',
    },
  ],
  [
    'createTimeSeriesBatch',
    {
      method: 'POST',
      path: () => `${ws()}/time-series/create-time-series/`,
      body: () => ({ timeSeries: [{ type: 'date', names: ['day'], format: 'yyyy-MM-dd', timeUnit: 'day' }] }),
      list: () => `${ws()}/time-series/`,
    },
  ],
  [
    'createDimensions',
    {
      method: 'POST',
      path: () => `${ws()}/dimensions/create-dimensions/`,
      body: () => ({ dimensions: [{ type: 'string', format: 'text', names: ['region'] }] }),
      list: () => `${ws()}/dimensions/`,
    },
  ],
  [
    'createMeasures',
    {
      method: 'POST',
      path: () => `${ws()}/measures/create-measures/`,
      body: () => ({ measures: [{ names: ['cost'] }] }),
      list: () => `${ws()}/measures/`,
    },
  ],
  [
    'deleteMeasures',
    {
      method: 'DELETE',
      path: () => `${ws()}/measures/delete-measures/`,
      body: async () => ({
        measureIds: ((await read(`${ws()}/measures/`)) as Array<{ id: number }>).map((m) => m.id),
      }),
      list: () => `${ws()}/measures/`,
    },
  ],
];

describe.each(cases)('%s for a client that has gone', (operationId, given) => {
  it('answers 499 and changes nothing', async () => {
    const before = await read(given.list());
    const client = new AbortController();
    client.abort();
    const answer = await send(given.method, given.path(), await given.body(), client.signal);
    expect(answer.status, operationId).toBe(499);
    expect(await read(given.list())).toEqual(before);
  });
});
