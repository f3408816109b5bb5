import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { type OperationId as ContractOperationId, operations } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import type { ManagedCollectionApi } from './resources/management';
import { managementKinds, routes } from './route-table';
import { createQueries, type WsadminMutationOptions, type WsadminQueries } from './tanstack-query/index';
import { fail, recorder, testClient } from './test-helpers';
import type { OperationId } from './types';

/**
 * Every operation of the contract is reachable through the facade and through the TanStack Query
 * factories (`@wsadmin/sdk/query`), and each one calls exactly the method and path the route table
 * gives its operationId (`route-table.test.ts` holds the table against the contract). Every facade method
 * has a factory of the same name.
 */

type Client = ReturnType<typeof testClient>;
type Invoke = (client: Client) => Promise<unknown>;

/** Values the calls below put into the path placeholders. */
const PATH_VALUES: Record<string, string> = {
  workspaceId: '7',
  id: '11',
  timeSeriesId: '3',
  member_groups_pk: '2',
  member_uid: 'u-1',
  member_id: 'u-1',
  account_uid: 'acc-1',
  type: 'dimensions',
  operationId: 'op-1',
};

const plain: Array<[OperationId, Invoke]> = [
  ['getScope', (c) => c.scopes.get()],
  ['checkAuthData', (c) => c.auth.check('a.b')],
  ['getSourceCatalogue', (c) => c.sources.get(7)],
  ['setSourceCatalogue', (c) => c.sources.set(7, { tables: [] })],

  ['listWorkspaces', (c) => c.workspaces.list({ q: 'x' })],
  ['getWorkspace', (c) => c.workspaces.get(7)],
  ['createWorkspace', (c) => c.workspaces.create({})],
  ['createWorkspaces', (c) => c.workspaces.createMany([{}])],
  ['updateWorkspace', (c) => c.workspaces.update(7, { name: 'x' })],
  ['updateWorkspaces', (c) => c.workspaces.updateMany([{ id: 7 }])],
  ['deleteWorkspace', (c) => c.workspaces.delete(7)],
  ['deleteWorkspaces', (c) => c.workspaces.deleteMany([7])],

  ['listTimeSeries', (c) => c.timeSeries.list(7)],
  ['getTimeSeries', (c) => c.timeSeries.get(7, 3)],
  ['createTimeSeries', (c) => c.timeSeries.create(7, { type: 'date', names: ['d'], timeUnit: 'day' })],
  ['updateTimeSeries', (c) => c.timeSeries.update(7, 3, { type: 'date', names: ['d'], timeUnit: 'day' })],
  ['deleteTimeSeries', (c) => c.timeSeries.delete(7, 3)],
  ['createTimeSeriesBatch', (c) => c.timeSeries.createMany(7, [])],
  ['updateTimeSeriesBatch', (c) => c.timeSeries.updateMany(7, [])],
  ['deleteTimeSeriesBatch', (c) => c.timeSeries.deleteMany(7, [3])],

  ['listDimensions', (c) => c.dimensions.list(7)],
  ['createDimensions', (c) => c.dimensions.create(7, [])],
  ['updateDimensions', (c) => c.dimensions.update(7, [])],
  ['deleteDimensions', (c) => c.dimensions.delete(7, [1])],

  ['listMeasures', (c) => c.measures.list(7)],
  ['createMeasures', (c) => c.measures.create(7, [{ names: ['m'] }])],
  ['updateMeasures', (c) => c.measures.update(7, [{ id: 1 }])],
  ['deleteMeasures', (c) => c.measures.delete(7, [1])],

  ['listMemberGroups', (c) => c.memberGroups(7).list()],
  ['createMemberGroup', (c) => c.memberGroups(7).create({ name: 'g' })],
  ['deleteMemberGroup', (c) => c.memberGroups(7, 2).delete()],
  ['getMemberGroupRowPermissionSwitch', (c) => c.memberGroups(7, 2).rowPermission.getEnabled()],
  ['setMemberGroupRowPermissionSwitch', (c) => c.memberGroups(7, 2).rowPermission.setEnabled(true)],
  ['getMemberGroupRowPermission', (c) => c.memberGroups(7, 2).rowPermission.get()],
  [
    'setMemberGroupRowPermission',
    (c) => c.memberGroups(7, 2).rowPermission.set({ rowPermissionMode: 1, rowPermission: [] }),
  ],
  ['getMemberGroupModelPermissionSwitch', (c) => c.memberGroups(7, 2).modelPermission.getEnabled()],
  ['setMemberGroupModelPermissionSwitch', (c) => c.memberGroups(7, 2).modelPermission.setEnabled(false)],
  ['getMemberGroupModelPermission', (c) => c.memberGroups(7, 2).modelPermission.get()],
  [
    'setMemberGroupModelPermission',
    (c) => c.memberGroups(7, 2).modelPermission.set({ effect: 'allow', resource: [] }),
  ],

  ['listMembers', (c) => c.members(7).list()],
  ['addMember', (c) => c.members(7).add({ uid: 'u-1' })],
  ['removeMember', (c) => c.members(7, 'u-1').remove()],
  ['getMemberModelPermissionSwitch', (c) => c.members(7, 'u-1').modelPermission.getEnabled()],
  ['setMemberModelPermissionSwitch', (c) => c.members(7, 'u-1').modelPermission.setEnabled(true)],
  ['getMemberModelPermission', (c) => c.members(7, 'u-1').modelPermission.get()],
  [
    'setMemberModelPermission',
    (c) => c.members(7, 'u-1').modelPermission.set({ effect: 'deny', resource: ['m'] }),
  ],

  ['createAccount', (c) => c.accounts.create({})],
  ['createAccounts', (c) => c.accounts.createMany([{}])],
  ['updateAccount', (c) => c.accounts.update('acc-1', {})],
  ['updateAccounts', (c) => c.accounts.updateMany([{ uid: 'acc-1' }])],
  ['listAccounts', (c) => c.accounts.list({ q: 'a' })],
  ['getAccount', (c) => c.accounts.get('acc-1')],
  ['fetchAccount', (c) => c.accounts.fetch('alice')],
  ['deleteAccount', (c) => c.accounts.delete('acc-1')],
  ['deleteAccounts', (c) => c.accounts.deleteMany(['acc-1'])],
  ['listAccountWorkspaces', (c) => c.accounts.projects('acc-1').page()],

  ['getManagementImpacts', (c) => c.management(7).impacts('dimensions', 11)],
  ['getManagementOperation', (c) => c.management(7).operation('op-1')],
];

// Kinds differ only in their bodies; these calls send loose bodies, enough to reach the route.
type LooseKind = Record<keyof ManagedCollectionApi<'dimensions'>, (...args: unknown[]) => Promise<unknown>>;
const kind = (c: Client, facade: string) =>
  (c.management(7) as unknown as Record<string, LooseKind>)[facade] as LooseKind;

/** Every object kind of the route table (generated from the contract's kinds), by its facade name. */
const managed = Object.values(managementKinds).flatMap(
  ({ facade, operations: ids }): Array<[OperationId, Invoke]> => [
    [ids.list, (c) => kind(c, facade).list()],
    [ids.get, (c) => kind(c, facade).get(11)],
    [ids.preview, (c) => kind(c, facade).preview({ action: 'create', changes: {} })],
    [ids.create, (c) => kind(c, facade).commitCreate({ changes: {}, planToken: 't' })],
    [ids.update, (c) => kind(c, facade).commitUpdate(11, { changes: {}, planToken: 't' })],
    [ids.remove, (c) => kind(c, facade).commitDelete(11, { planToken: 't' })],
  ],
);

const table = [...plain, ...managed];
const contractIds = Object.keys(operations) as ContractOperationId[];

/** A factory's options, run once as TanStack would run them. */
interface Factory {
  kind: 'query' | 'mutation';
  run: () => Promise<unknown>;
}
const queryClient = new QueryClient();
const read = (options: { queryKey: QueryKey; queryFn: unknown; initialPageParam?: number }): Factory => ({
  kind: 'query',
  run: () =>
    (options.queryFn as (context: object) => Promise<unknown>)({
      client: queryClient,
      queryKey: options.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      pageParam: options.initialPageParam,
    }),
});
const write = <D, V>(options: WsadminMutationOptions<D, V>, variables: NoInfer<V>): Factory => ({
  kind: 'mutation',
  run: () => options.mutationFn(variables, { client: queryClient, meta: undefined }),
});

type Q = WsadminQueries;
const plainFactories: Array<[OperationId, (q: Q) => Factory]> = [
  ['getScope', (q) => read(q.scopes.get())],
  ['checkAuthData', (q) => write(q.auth.check(), 'a.b')],
  ['getSourceCatalogue', (q) => read(q.sources.get(7))],
  ['setSourceCatalogue', (q) => write(q.sources.set(7), { tables: [] })],

  ['listWorkspaces', (q) => read(q.workspaces.list({ q: 'x' }))],
  ['getWorkspace', (q) => read(q.workspaces.get(7))],
  ['createWorkspace', (q) => write(q.workspaces.create(), {})],
  ['createWorkspaces', (q) => write(q.workspaces.createMany(), [{}])],
  ['updateWorkspace', (q) => write(q.workspaces.update(7), { name: 'x' })],
  ['updateWorkspaces', (q) => write(q.workspaces.updateMany(), [{ id: 7 }])],
  ['deleteWorkspace', (q) => write(q.workspaces.delete(7), undefined)],
  ['deleteWorkspaces', (q) => write(q.workspaces.deleteMany(), [7])],

  ['listTimeSeries', (q) => read(q.timeSeries.list(7))],
  ['getTimeSeries', (q) => read(q.timeSeries.get(7, 3))],
  ['createTimeSeries', (q) => write(q.timeSeries.create(7), { type: 'date', names: ['d'], timeUnit: 'day' })],
  [
    'updateTimeSeries',
    (q) => write(q.timeSeries.update(7, 3), { type: 'date', names: ['d'], timeUnit: 'day' }),
  ],
  ['deleteTimeSeries', (q) => write(q.timeSeries.delete(7, 3), undefined)],
  ['createTimeSeriesBatch', (q) => write(q.timeSeries.createMany(7), [])],
  ['updateTimeSeriesBatch', (q) => write(q.timeSeries.updateMany(7), [])],
  ['deleteTimeSeriesBatch', (q) => write(q.timeSeries.deleteMany(7), [3])],

  ['listDimensions', (q) => read(q.dimensions.list(7))],
  ['createDimensions', (q) => write(q.dimensions.create(7), [])],
  ['updateDimensions', (q) => write(q.dimensions.update(7), [])],
  ['deleteDimensions', (q) => write(q.dimensions.delete(7), [1])],

  ['listMeasures', (q) => read(q.measures.list(7))],
  ['createMeasures', (q) => write(q.measures.create(7), [{ names: ['m'] }])],
  ['updateMeasures', (q) => write(q.measures.update(7), [{ id: 1 }])],
  ['deleteMeasures', (q) => write(q.measures.delete(7), [1])],

  ['listMemberGroups', (q) => read(q.memberGroups(7).list())],
  ['createMemberGroup', (q) => write(q.memberGroups(7).create(), { name: 'g' })],
  ['deleteMemberGroup', (q) => write(q.memberGroups(7, 2).delete(), undefined)],
  ['getMemberGroupRowPermissionSwitch', (q) => read(q.memberGroups(7, 2).rowPermission.getEnabled())],
  ['setMemberGroupRowPermissionSwitch', (q) => write(q.memberGroups(7, 2).rowPermission.setEnabled(), true)],
  ['getMemberGroupRowPermission', (q) => read(q.memberGroups(7, 2).rowPermission.get())],
  [
    'setMemberGroupRowPermission',
    (q) => write(q.memberGroups(7, 2).rowPermission.set(), { rowPermissionMode: 1, rowPermission: [] }),
  ],
  ['getMemberGroupModelPermissionSwitch', (q) => read(q.memberGroups(7, 2).modelPermission.getEnabled())],
  [
    'setMemberGroupModelPermissionSwitch',
    (q) => write(q.memberGroups(7, 2).modelPermission.setEnabled(), false),
  ],
  ['getMemberGroupModelPermission', (q) => read(q.memberGroups(7, 2).modelPermission.get())],
  [
    'setMemberGroupModelPermission',
    (q) => write(q.memberGroups(7, 2).modelPermission.set(), { effect: 'allow', resource: [] }),
  ],

  ['listMembers', (q) => read(q.members(7).list())],
  ['addMember', (q) => write(q.members(7).add(), { uid: 'u-1' })],
  ['removeMember', (q) => write(q.members(7, 'u-1').remove(), undefined)],
  ['getMemberModelPermissionSwitch', (q) => read(q.members(7, 'u-1').modelPermission.getEnabled())],
  ['setMemberModelPermissionSwitch', (q) => write(q.members(7, 'u-1').modelPermission.setEnabled(), true)],
  ['getMemberModelPermission', (q) => read(q.members(7, 'u-1').modelPermission.get())],
  [
    'setMemberModelPermission',
    (q) => write(q.members(7, 'u-1').modelPermission.set(), { effect: 'deny', resource: ['m'] }),
  ],

  ['createAccount', (q) => write(q.accounts.create(), {})],
  ['createAccounts', (q) => write(q.accounts.createMany(), [{}])],
  ['updateAccount', (q) => write(q.accounts.update('acc-1'), {})],
  ['updateAccounts', (q) => write(q.accounts.updateMany(), [{ uid: 'acc-1' }])],
  ['listAccounts', (q) => read(q.accounts.list({ q: 'a' }))],
  ['getAccount', (q) => read(q.accounts.get('acc-1'))],
  ['fetchAccount', (q) => read(q.accounts.fetch('alice'))],
  ['deleteAccount', (q) => write(q.accounts.delete('acc-1'), undefined)],
  ['deleteAccounts', (q) => write(q.accounts.deleteMany(), ['acc-1'])],
  ['listAccountWorkspaces', (q) => read(q.accounts.projects('acc-1'))],

  ['getManagementImpacts', (q) => read(q.management(7).impacts('dimensions', 11))],
  ['getManagementOperation', (q) => read(q.management(7).operation('op-1'))],
];

// As above: kinds differ only in their bodies, so loose bodies are enough to reach the route.
type LooseKindQueries = {
  list(): Parameters<typeof read>[0];
  get(id: number): Parameters<typeof read>[0];
} & Record<
  'preview' | 'commitCreate' | 'commitUpdate' | 'commitDelete',
  (id?: number) => WsadminMutationOptions<unknown, object>
>;
const kindQueries = (q: Q, prop: string) =>
  (q.management(7) as unknown as Record<string, LooseKindQueries>)[prop] as LooseKindQueries;

const managedFactories = Object.values(managementKinds).flatMap(
  ({ facade, operations: ids }): Array<[OperationId, (q: Q) => Factory]> => [
    [ids.list, (q) => read(kindQueries(q, facade).list())],
    [ids.get, (q) => read(kindQueries(q, facade).get(11))],
    [ids.preview, (q) => write(kindQueries(q, facade).preview(), { action: 'create', changes: {} })],
    [ids.create, (q) => write(kindQueries(q, facade).commitCreate(), { changes: {}, planToken: 't' })],
    [ids.update, (q) => write(kindQueries(q, facade).commitUpdate(11), { changes: {}, planToken: 't' })],
    [ids.remove, (q) => write(kindQueries(q, facade).commitDelete(11), { planToken: 't' })],
  ],
);

const factories = [...plainFactories, ...managedFactories];
const viaFactories = factories.map(([id, factory]): [OperationId, Invoke] => [
  id,
  (c) => factory(createQueries(c)).run(),
]);

describe.each([
  ['facade', table],
  ['query factories', viaFactories],
])('%s coverage', (_name, rows) => {
  it('reaches every operation of the contract, each exactly once', () => {
    const ids = rows.map(([id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...contractIds].sort());
  });

  it.each(rows)(
    '%s: calls the contract method and path and names the operation in errors',
    async (id, invoke) => {
      const { fetch, requests } = recorder(() => fail(404, 'not_found'));
      const error = await invoke(testClient(fetch, { retries: 0 })).catch((e: unknown) => e);
      const route = routes[id];
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).operationId).toBe(id);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request?.method).toBe(route.method.toUpperCase());
      expect(request?.url.pathname).toBe(
        route.path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? '?'),
      );
      expect(request?.headers.has('idempotency-key')).toBe(route.idempotencyKey);
      expect(request?.body !== undefined).toBe(route.body);
    },
  );
});

describe('query factories', () => {
  it.each(factories)('%s: a query when it reads, a mutation when it writes', (id, factory) => {
    const { method } = operations[id as ContractOperationId];
    // Look-ups by POST read; the login check and previews are POSTs run on demand, so mutations.
    const reads = method === 'get' || id === 'fetchAccount';
    expect(factory(createQueries(testClient(fetch))).kind).toBe(reads ? 'query' : 'mutation');
  });

  it('mirror every facade method, scoped factories included', () => {
    const client = testClient(fetch);
    const q = createQueries(client);
    /** Dotted names of the methods of an API object, nested objects included. */
    const methods = (api: object): string[] =>
      Object.entries(api)
        .flatMap(([name, value]: [string, unknown]) =>
          typeof value === 'function' ? [name] : methods(value as object).map((inner) => `${name}.${inner}`),
        )
        .sort();
    const pairs: Array<[object, object]> = [
      [client, q],
      [client.memberGroups(7), q.memberGroups(7)],
      [client.memberGroups(7, 2), q.memberGroups(7, 2)],
      [client.members(7), q.members(7)],
      [client.members(7, 'u'), q.members(7, 'u')],
      [client.management(7), q.management(7)],
    ];
    const facade = ({ safe, raw, delays, ...rest }: ReturnType<typeof testClient>) => rest;
    pairs[0] = [facade(client), q];
    for (const [api, queries] of pairs) expect(methods(queries)).toEqual(methods(api));
  });
});
