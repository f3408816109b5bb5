import { type OperationId as ContractOperationId, operations } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import type { ManagedCollectionApi } from './resources/management';
import { managementKinds, routes } from './routes';
import { fail, recorder, testClient } from './test-helpers';
import type { OperationId } from './types';

/**
 * Every operation of the contract is reachable through the facade, and each facade method calls
 * exactly the method and path the route table gives its operationId (`routes.test.ts` holds the
 * table against the contract).
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

describe('facade coverage', () => {
  it('reaches every operation of the contract, each exactly once', () => {
    const ids = table.map(([id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...contractIds].sort());
  });

  it.each(table)(
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
