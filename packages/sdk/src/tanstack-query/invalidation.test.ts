import { MutationObserver, QueryClient, type QueryKey } from '@tanstack/query-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { WritingOperationId } from '../generated/query-factories';
import { managementKinds, routes } from '../route-table';
import { ok, recorder, testClient } from '../test-helpers';
import type { OperationId } from '../types';
import { createQueries, type WsadminMutationOptions, type WsadminQueries, wsadminKeys } from './index';
import { type Invalidations, invalidations } from './invalidation';

/**
 * The invalidation table against the derived mutations: it names every writing operation of the
 * route table and nothing else, a table without an entry does not compile, and each mutation run
 * through TanStack invalidates exactly what its entry names, which is never nothing.
 */

const q = createQueries(testClient(recorder(() => ok(null)).fetch, { retries: 0 }));
type Loose = Record<'list' | 'get', (id?: number) => { queryKey: QueryKey }>;
const kinds = Object.values(managementKinds).map(({ facade }) => facade);
const kind = (facade: string) => (q.management(7) as unknown as Record<string, Loose>)[facade] as Loose;

/** Queries a page might show, built by the read factories (so their keys are the derived ones). */
const cached: QueryKey[] = [
  q.scopes.get(),
  q.workspaces.list(),
  q.workspaces.list({ q: 'x' }),
  q.workspaces.get(7),
  q.workspaces.get(8),
  q.timeSeries.list(7),
  q.timeSeries.get(7, 3),
  q.timeSeries.get(7, 4),
  q.dimensions.list(7),
  q.measures.list(7),
  q.memberGroups(7).list(),
  q.memberGroups(7, 2).rowPermission.getEnabled(),
  q.memberGroups(7, 2).rowPermission.get(),
  q.memberGroups(7, 2).modelPermission.getEnabled(),
  q.memberGroups(7, 2).modelPermission.get(),
  q.members(7).list(),
  q.members(7, 'u-1').modelPermission.getEnabled(),
  q.members(7, 'u-1').modelPermission.get(),
  q.members(7, 'u-2').modelPermission.get(),
  q.accounts.list(),
  q.accounts.get('acc-1'),
  q.accounts.fetch('alice'),
  q.accounts.projects('acc-1'),
  q.accounts.projects('u-1'),
  q.sources.get(7),
  q.management(7).impacts('dimensions', 11),
  q.management(7).operation('op-1'),
  ...kinds.flatMap((facade) => [kind(facade).list(), kind(facade).get(11)]),
].map(({ queryKey }) => queryKey);

interface Write {
  given: (q: WsadminQueries) => WsadminMutationOptions<unknown, never>;
  variables: unknown;
  path: object;
}
const write = (given: (q: WsadminQueries) => unknown, variables: unknown, path: object = {}): Write => ({
  given: given as Write['given'],
  variables,
  path,
});
const ws = { workspaceId: 7 };
const group = { ...ws, member_groups_pk: 2 };
const member = { ...ws, member_uid: 'u-1' };
const series = { type: 'date', names: ['d'], timeUnit: 'day' };

const plainWrites: Array<[string, Write]> = [
  ['createWorkspace', write((q) => q.workspaces.create(), { name: 'x' })],
  ['createWorkspaces', write((q) => q.workspaces.createMany(), [{ name: 'x' }])],
  ['updateWorkspace', write((q) => q.workspaces.update(7), { name: 'x' }, ws)],
  ['updateWorkspaces', write((q) => q.workspaces.updateMany(), [{ id: 8, name: 'x' }])],
  ['deleteWorkspace', write((q) => q.workspaces.delete(7), undefined, ws)],
  ['deleteWorkspaces', write((q) => q.workspaces.deleteMany(), [7, 8])],
  ['createTimeSeries', write((q) => q.timeSeries.create(7), series, ws)],
  ['updateTimeSeries', write((q) => q.timeSeries.update(7, 3), series, { ...ws, timeSeriesId: 3 })],
  ['deleteTimeSeries', write((q) => q.timeSeries.delete(7, 3), undefined, { ...ws, timeSeriesId: 3 })],
  ['createTimeSeriesBatch', write((q) => q.timeSeries.createMany(7), [series], ws)],
  ['updateTimeSeriesBatch', write((q) => q.timeSeries.updateMany(7), [{ id: 4, ...series }], ws)],
  ['deleteTimeSeriesBatch', write((q) => q.timeSeries.deleteMany(7), [3, 4], ws)],
  ['createDimensions', write((q) => q.dimensions.create(7), [], ws)],
  ['updateDimensions', write((q) => q.dimensions.update(7), [{ id: 11 }], ws)],
  ['deleteDimensions', write((q) => q.dimensions.delete(7), [11], ws)],
  ['createMeasures', write((q) => q.measures.create(7), [{ names: ['m'] }], ws)],
  ['updateMeasures', write((q) => q.measures.update(7), [{ id: 11 }], ws)],
  ['deleteMeasures', write((q) => q.measures.delete(7), [11], ws)],
  ['createMemberGroup', write((q) => q.memberGroups(7).create(), { name: 'g' }, ws)],
  ['deleteMemberGroup', write((q) => q.memberGroups(7, 2).delete(), undefined, group)],
  [
    'setMemberGroupRowPermissionSwitch',
    write((q) => q.memberGroups(7, 2).rowPermission.setEnabled(), true, group),
  ],
  ['setMemberGroupRowPermission', write((q) => q.memberGroups(7, 2).rowPermission.set(), {}, group)],
  [
    'setMemberGroupModelPermissionSwitch',
    write((q) => q.memberGroups(7, 2).modelPermission.setEnabled(), true, group),
  ],
  ['setMemberGroupModelPermission', write((q) => q.memberGroups(7, 2).modelPermission.set(), {}, group)],
  ['addMember', write((q) => q.members(7).add(), { uid: 'u-1' }, ws)],
  ['removeMember', write((q) => q.members(7, 'u-1').remove(), undefined, member)],
  [
    'setMemberModelPermissionSwitch',
    write((q) => q.members(7, 'u-1').modelPermission.setEnabled(), true, member),
  ],
  [
    'setMemberModelPermission',
    write((q) => q.members(7, 'u-1').modelPermission.set(), {}, { ...ws, member_id: 'u-1' }),
  ],
  ['createAccount', write((q) => q.accounts.create(), { username: 'bob' })],
  ['createAccounts', write((q) => q.accounts.createMany(), [{ username: 'bob' }])],
  ['updateAccount', write((q) => q.accounts.update('acc-1'), {}, { account_uid: 'acc-1' })],
  ['updateAccounts', write((q) => q.accounts.updateMany(), [{ uid: 'acc-1' }])],
  ['deleteAccount', write((q) => q.accounts.delete('acc-1'), undefined, { account_uid: 'acc-1' })],
  ['deleteAccounts', write((q) => q.accounts.deleteMany(), ['acc-1'])],
  ['setSourceCatalogue', write((q) => q.sources.set(7), { tables: [] }, ws)],
];
type LooseKind = Record<string, (id?: number) => unknown>;
const commits = (facade: string) => (q: WsadminQueries) =>
  (q.management(7) as unknown as Record<string, LooseKind>)[facade] as LooseKind;
const managedWrites = Object.values(managementKinds).flatMap(
  ({ facade, operations: ids }): Array<[string, Write]> => [
    [ids.create, write((q) => commits(facade)(q).commitCreate?.(), { changes: {}, planToken: 't' }, ws)],
    [
      ids.update,
      write((q) => commits(facade)(q).commitUpdate?.(11), { changes: {}, planToken: 't' }, { ...ws, id: 11 }),
    ],
    [ids.remove, write((q) => commits(facade)(q).commitDelete?.(11), { planToken: 't' }, { ...ws, id: 11 })],
  ],
);
// The batch form of setMemberModelPermission reaches the same entry with its items.
const batch = write(
  (q) => q.members(7).setModelPermissions(),
  [{ memberUid: 'u-2', modelPermission: {} }],
  ws,
);
const writes = [
  ...plainWrites,
  ...managedWrites,
  ['setMemberModelPermission (batch)', batch] as [string, Write],
];

/** The cached keys a run of `invalidate` marks stale, on a fresh client holding `cached`. */
async function invalidatedBy(invalidate: (client: QueryClient) => Promise<unknown>): Promise<string[]> {
  const client = new QueryClient();
  for (const key of cached) client.setQueryData(key, {});
  await invalidate(client);
  return cached.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
}

describe('the invalidation table', () => {
  it('has an entry for every writing operation of the route table, and for nothing else', () => {
    const readLike = new Set<string>([
      'fetchAccount',
      'checkAuthData',
      ...Object.values(managementKinds).map(({ operations }) => operations.preview),
    ]);
    const writing = (Object.keys(routes) as OperationId[]).filter(
      (id) => routes[id].method !== 'get' && !readLike.has(id),
    );
    expect(Object.keys(invalidations).sort()).toEqual(writing.sort());
    expect(new Set(plainWrites.map(([id]) => id)).size + managedWrites.length).toBe(writing.length);
  });

  it.each(writes)('%s: the mutation invalidates what its entry names, and something', async (name, row) => {
    const id = name.split(' ')[0] as WritingOperationId;
    const options = row.given(q);
    expect(options.mutationKey[1]).toBe(id);
    const viaMutation = await invalidatedBy((client) =>
      new MutationObserver(client, options).mutate(row.variables as never),
    );
    const entry = invalidations[id] as (input: object) => ReturnType<Invalidations[typeof id]>;
    const viaEntry = await invalidatedBy((client) =>
      Promise.all(
        entry({ path: row.path, variables: row.variables }).map((f) => client.invalidateQueries(f)),
      ),
    );
    expect(viaMutation).toEqual(viaEntry);
    expect(viaMutation.length).toBeGreaterThan(0);
  });

  it.each([
    ['auth.check', () => q.auth.check(), 'a.b'],
    ['a preview', () => q.management(7).dimensions.preview(), { action: 'create', changes: {} }],
  ] as const)('%s changes nothing, so invalidates nothing', async (_name, given, variables) => {
    const options = given() as WsadminMutationOptions<unknown, unknown>;
    expect(await invalidatedBy((client) => new MutationObserver(client, options).mutate(variables))).toEqual(
      [],
    );
  });

  it('the derived keys are the documented wsadminKeys', () => {
    const { of, workspaces, accounts } = wsadminKeys;
    expect(cached.slice(0, 19)).toEqual([
      of('getScope'),
      of('listWorkspaces'),
      of('listWorkspaces', { q: 'x' }),
      workspaces.detail(7),
      of('getWorkspace', 8),
      of('listTimeSeries', 7),
      of('getTimeSeries', 7, 3),
      of('getTimeSeries', 7, 4),
      of('listDimensions', 7),
      of('listMeasures', 7),
      of('listMemberGroups', 7),
      of('getMemberGroupRowPermissionSwitch', 7, 2),
      of('getMemberGroupRowPermission', 7, 2),
      of('getMemberGroupModelPermissionSwitch', 7, 2),
      of('getMemberGroupModelPermission', 7, 2),
      of('listMembers', 7),
      of('getMemberModelPermissionSwitch', 7, 'u-1'),
      of('getMemberModelPermission', 7, 'u-1'),
      of('getMemberModelPermission', 7, 'u-2'),
    ]);
    expect(cached.slice(19, 27)).toEqual([
      of('listAccounts'),
      accounts.detail('acc-1'),
      of('fetchAccount', 'alice'),
      accounts.projects('acc-1'),
      accounts.projects('u-1'),
      of('getSourceCatalogue', 7),
      of('getManagementImpacts', 7, 'dimensions', 11),
      of('getManagementOperation', 7, 'op-1'),
    ]);
    expect(cached.slice(27)).toEqual(
      Object.values(managementKinds).flatMap(({ operations }) => [
        of(operations.list, 7),
        of(operations.get, 7, 11),
      ]),
    );
  });
});

describe('WritingOperationId', () => {
  it('is the non-GET operations but the read-like POSTs', () => {
    expectTypeOf<
      'createWorkspace' | 'deleteManagedSop' | 'setSourceCatalogue'
    >().toExtend<WritingOperationId>();
    expectTypeOf<'fetchAccount'>().not.toExtend<WritingOperationId>();
    expectTypeOf<'checkAuthData'>().not.toExtend<WritingOperationId>();
    expectTypeOf<'previewDimensionChange'>().not.toExtend<WritingOperationId>();
    expectTypeOf<'getWorkspace'>().not.toExtend<WritingOperationId>();
  });
});

// Never called: a table missing an entry does not compile.
export function incompleteTablesDoNotCompile() {
  const { createWorkspace: _dropped, ...rest } = invalidations;
  // @ts-expect-error createWorkspace has no entry
  const missing: Invalidations = rest;
  return missing;
}
