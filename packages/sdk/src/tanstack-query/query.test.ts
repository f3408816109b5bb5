import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  type QueryKey,
  QueryObserver,
} from '@tanstack/query-core';
import { MOCK_BASE_URL, MOCK_KEY, setupMockServer } from '@wsadmin/mock/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { ApiError } from '../errors';
import { isFinalOperation } from '../resources/management';
import { createQueries, wsadminKeys } from './index';
import type { WsadminMutationOptions } from './options';

/**
 * The query factories with `@tanstack/query-core`'s QueryClient against the MSW mock (the
 * reference server's own rules). Observers play mounted components.
 */

const ALICE = '0b5f3c1e-8d2a-4c1b-9e7f-1a2b3c4d5e6f';
const { mock, server } = setupMockServer({
  seed: {
    accounts: [{ uid: ALICE, username: 'alice' }],
    workspaces: [
      {
        name: 'Sales',
        dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
        measures: [{ names: ['revenue'] }],
        members: [{ uid: ALICE, role: 3 }],
      },
      { name: 'Marketing', members: [{ uid: ALICE, role: 3 }] },
      { name: 'Support', members: [{ uid: ALICE, role: 3 }] },
    ],
  },
});

/** Every request that reaches the mock, as `METHOD /path/` below `/openapi/v1`. */
const requests: string[] = [];
/** The AbortSignal of every request the client sends. */
const signals: AbortSignal[] = [];
const client = createClient({
  baseUrl: MOCK_BASE_URL,
  key: MOCK_KEY,
  retries: 0,
  fetch: (request) => {
    signals.push(request.signal);
    return globalThis.fetch(request);
  },
});
const q = createQueries(client);
let queryClient: QueryClient;
let unmounts: Array<() => void> = [];

server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname.replace('/openapi/v1', '')}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await mock.reset();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  requests.length = 0;
  signals.length = 0;
});
afterEach(() => {
  for (const unmount of unmounts) unmount();
  unmounts = [];
  queryClient.clear();
});
afterAll(() => server.close());

/** Mounts an observer, as a component using the query would, and waits for its first data. */
async function mounted<T>(options: { queryKey: readonly unknown[]; queryFn: unknown }): Promise<T> {
  const observer = new QueryObserver(queryClient, options as ConstructorParameters<typeof QueryObserver>[1]);
  unmounts.push(observer.subscribe(() => {}));
  const result = await observer.refetch();
  return result.data as T;
}

const mutate = <D, V>(options: WsadminMutationOptions<D, V>, variables: V) =>
  new MutationObserver(queryClient, options).mutate(variables);

describe('query factories', () => {
  it('fetch: the data of the contract under the documented key', async () => {
    const options = q.workspaces.get(1);
    expect(options.queryKey).toEqual(['wsadmin', 'workspaces', 1]);
    const workspace = await queryClient.fetchQuery(options);
    expect(workspace).toMatchObject({ id: 1, name: 'Sales' });
    expect(queryClient.getQueryData(wsadminKeys.workspaces.detail(1))).toBe(workspace);
    expect(requests).toEqual(['GET /workspaces/1/']);
  });

  it('cache hit: a fresh query is served without a request; a second key is fetched', async () => {
    const fresh = { staleTime: 60_000 };
    await queryClient.fetchQuery({ ...q.workspaces.list(), ...fresh });
    const again = await queryClient.fetchQuery({ ...q.workspaces.list(), ...fresh });
    expect(again.map((w) => w.name)).toEqual(['Sales', 'Marketing', 'Support']);
    await queryClient.fetchQuery({ ...q.workspaces.list({ q: 'sal' }), ...fresh });
    expect(requests).toEqual(['GET /workspaces/', 'GET /workspaces/']);
    expect(queryClient.getQueryData(wsadminKeys.of('listWorkspaces', { q: 'sal' }))).toHaveLength(1);
  });

  it('an ApiError is the query error, with its errcode', async () => {
    const observer = new QueryObserver(queryClient, q.workspaces.get(404));
    unmounts.push(observer.subscribe(() => {}));
    const { error, status } = await observer.refetch();
    expect(status).toBe('error');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errcode: 404, operationId: 'getWorkspace' });
    await expect(queryClient.fetchQuery(q.workspaces.get(404))).rejects.toMatchObject({ errcode: 404 });
  });

  it('abort on unmount: the last observer leaving cancels the query and aborts the request', async () => {
    mock.override('getWorkspace', { delayMs: 5_000 });
    const observer = new QueryObserver(queryClient, q.workspaces.get(1));
    const unmount = observer.subscribe(() => {});
    await expect.poll(() => signals.length).toBe(1);
    expect(signals[0]?.aborted).toBe(false);
    unmount();
    await expect.poll(() => signals[0]?.aborted).toBe(true);
    const state = queryClient.getQueryState(q.workspaces.get(1).queryKey);
    expect(state).toMatchObject({ fetchStatus: 'idle', status: 'pending', error: null });
  });

  it('query cancel: cancelQueries aborts the SDK call through TanStack signal', async () => {
    mock.override('listWorkspaces', { delayMs: 5_000 });
    const pending = queryClient.fetchQuery(q.workspaces.list());
    await expect.poll(() => signals.length).toBe(1);
    await queryClient.cancelQueries({ queryKey: wsadminKeys.workspaces.lists() });
    await expect(pending).rejects.toHaveProperty('revert', true); // TanStack's CancelledError
    expect(signals[0]?.aborted).toBe(true);
  });

  it('accounts.projects: an infinite query over offset pages, ending at the first short page', async () => {
    const observer = new InfiniteQueryObserver(queryClient, q.accounts.projects(ALICE, { limit: 2 }));
    unmounts.push(observer.subscribe(() => {}));
    await observer.refetch();
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    const all = await observer.fetchNextPage();
    expect(all.data?.pages.map((page) => page.map((w) => w.name))).toEqual([
      ['Sales', 'Marketing'],
      ['Support'],
    ]);
    expect(all.data?.pageParams).toEqual([0, 2]);
    expect(all.hasNextPage).toBe(false);
    expect(requests).toEqual([`GET /accounts/${ALICE}/projects/`, `GET /accounts/${ALICE}/projects/`]);
  });
  it('management operations: read once, or polled to a final state by the query', async () => {
    const changes = { names: ['margin'] };
    const measures = client.management(1).measures;
    const { operationId } = await measures.commitCreate({
      changes,
      planToken: (await measures.preview({ action: 'create', changes })).planToken,
    });
    if (!operationId) throw new Error('the mock answered no operationId');
    const once = await queryClient.fetchQuery(q.management(1).operation(operationId));
    const waited = q.management(1).waitForOperation(operationId, { intervalMs: 1 });
    expect(waited.queryKey).toEqual([
      'wsadmin',
      'workspaces',
      1,
      'management',
      'operations',
      operationId,
      'final',
    ]);
    const final = await queryClient.fetchQuery(waited);
    expect(final.operationId).toBe(once.operationId);
    expect(isFinalOperation(final)).toBe(true);
  });
});

describe('mutation factories invalidate exactly the affected queries', () => {
  /** The queries a page might show, mounted before each write; named by the request that loads them. */
  const observed = [
    q.scopes.get(),
    q.workspaces.list(),
    q.workspaces.get(1),
    q.workspaces.get(2),
    q.dimensions.list(1),
    q.dimensions.list(2),
    q.measures.list(1),
    q.timeSeries.list(1),
    q.management(1).dimensions.list(),
    q.management(1).dimensions.get(1),
    q.management(1).measures.list(),
    q.management(2).dimensions.list(),
    q.accounts.projects(ALICE),
    q.accounts.get(ALICE),
  ];

  const keys = wsadminKeys;
  type Write = () => Promise<unknown>;
  const writes: Array<[string, Write, QueryKey[]]> = [
    [
      'workspaces.update(1)',
      () => mutate(q.workspaces.update(1), { name: 'Sales EU' }),
      [
        keys.of('getScope'),
        keys.of('listWorkspaces'),
        keys.workspaces.detail(1),
        keys.accounts.projects(ALICE),
      ],
    ],
    [
      'workspaces.delete(2)',
      () => mutate(q.workspaces.delete(2), undefined),
      [
        keys.of('getScope'),
        keys.of('listWorkspaces'),
        keys.workspaces.detail(2),
        keys.of('listDimensions', 2),
        keys.of('listManagedDimensions', 2),
        keys.accounts.projects(ALICE),
      ],
    ],
    [
      'dimensions.create(1)',
      () => mutate(q.dimensions.create(1), [{ type: 'string', format: 'text', names: ['channel'] }]),
      [keys.of('listDimensions', 1), keys.of('listManagedDimensions', 1)],
    ],
    [
      'management(1).dimensions.commitUpdate(1)',
      async () => {
        const changes = { description: 'Sales region' };
        const { revision } = await client.management(1).dimensions.get(1);
        const preview = { action: 'update', targetId: 1, revision, changes } as const;
        const { planToken } = await client.management(1).dimensions.preview(preview);
        return mutate(q.management(1).dimensions.commitUpdate(1), { changes, planToken });
      },
      [
        keys.of('listDimensions', 1),
        keys.of('listManagedDimensions', 1),
        keys.of('getManagedDimension', 1, 1),
      ],
    ],
    [
      'management(1).apply (measures create)',
      () =>
        mutate(q.management(1).apply<'measures', 'create'>(), {
          collection: 'measures',
          action: 'create',
          changes: { names: ['margin'] },
        }),
      [keys.of('listMeasures', 1), keys.of('listManagedMeasures', 1)],
    ],
    [
      'accounts.update(alice)',
      () => mutate(q.accounts.update(ALICE), { nickname: 'Alice' }),
      [keys.accounts.detail(ALICE), keys.accounts.projects(ALICE)],
    ],
  ];

  it.each(writes)('%s refetches only its queries', async (_name, write, refetched) => {
    for (const options of observed) await mounted(options);
    const fetched: QueryKey[] = [];
    unmounts.push(
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'fetch') fetched.push(event.query.queryKey);
      }),
    );
    await write();
    const sorted = (list: QueryKey[]) => list.map((key) => JSON.stringify(key)).sort();
    expect(sorted(fetched)).toEqual(sorted(refetched));
    // Invalidated and refetched: nothing active is left stale, except queries whose object is gone.
    const leftStale = queryClient
      .getQueryCache()
      .findAll({ type: 'active' })
      .filter((query) => query.state.isInvalidated && query.state.fetchFailureCount === 0);
    expect(leftStale).toEqual([]);
  });

  it('the refetched data shows the write', async () => {
    const workspace = q.workspaces.get(1);
    await mounted(workspace);
    await mounted(q.workspaces.list());
    await mutate(q.workspaces.update(1), { name: 'Sales EU' });
    expect(queryClient.getQueryData(workspace.queryKey)?.name).toBe('Sales EU');
    expect(queryClient.getQueryData(q.workspaces.list().queryKey)?.map((w) => w.name)).toContain('Sales EU');
  });

  it('a failed write invalidates nothing and surfaces the ApiError', async () => {
    await mounted(q.workspaces.list());
    requests.length = 0;
    const failing = mutate(q.dimensions.create(1), [{ type: 'string', format: 'text', names: ['region'] }]);
    await expect(failing).rejects.toMatchObject({ errcode: 409 });
    expect(requests).toEqual(['POST /workspaces/1/dimensions/create-dimensions/']);
  });
});
