import { managementKinds } from '../routes';
import type { ManagementCollection } from '../types';

/**
 * Where each operation of the route table sits in the facade: the one link between a facade method
 * and its operationId, which neither the facade's types nor the route table carry. Everything else
 * of a factory (query or mutation, path arguments or variables, key) is read from the route table
 * (`derive.ts`, `shape.ts`). Scopes are merged (`memberGroups` holds the methods of
 * `memberGroups(ws)` and of `memberGroups(ws, id)`); the management kinds come from the table's
 * `managementKinds`. A facade method missing here has no factory, which the coverage test reports.
 */
export const facadeOperations = {
  scopes: { get: 'getScope' },
  workspaces: {
    list: 'listWorkspaces',
    get: 'getWorkspace',
    create: 'createWorkspace',
    createMany: 'createWorkspaces',
    update: 'updateWorkspace',
    updateMany: 'updateWorkspaces',
    delete: 'deleteWorkspace',
    deleteMany: 'deleteWorkspaces',
  },
  timeSeries: {
    list: 'listTimeSeries',
    get: 'getTimeSeries',
    create: 'createTimeSeries',
    update: 'updateTimeSeries',
    delete: 'deleteTimeSeries',
    createMany: 'createTimeSeriesBatch',
    updateMany: 'updateTimeSeriesBatch',
    deleteMany: 'deleteTimeSeriesBatch',
  },
  dimensions: {
    list: 'listDimensions',
    create: 'createDimensions',
    update: 'updateDimensions',
    delete: 'deleteDimensions',
  },
  measures: {
    list: 'listMeasures',
    create: 'createMeasures',
    update: 'updateMeasures',
    delete: 'deleteMeasures',
  },
  memberGroups: {
    list: 'listMemberGroups',
    create: 'createMemberGroup',
    delete: 'deleteMemberGroup',
    rowPermission: {
      getEnabled: 'getMemberGroupRowPermissionSwitch',
      setEnabled: 'setMemberGroupRowPermissionSwitch',
      get: 'getMemberGroupRowPermission',
      set: 'setMemberGroupRowPermission',
    },
    modelPermission: {
      getEnabled: 'getMemberGroupModelPermissionSwitch',
      setEnabled: 'setMemberGroupModelPermissionSwitch',
      get: 'getMemberGroupModelPermission',
      set: 'setMemberGroupModelPermission',
    },
  },
  members: {
    list: 'listMembers',
    add: 'addMember',
    setModelPermissions: 'setMemberModelPermission',
    remove: 'removeMember',
    modelPermission: {
      getEnabled: 'getMemberModelPermissionSwitch',
      setEnabled: 'setMemberModelPermissionSwitch',
      get: 'getMemberModelPermission',
      set: 'setMemberModelPermission',
    },
  },
  accounts: {
    list: 'listAccounts',
    get: 'getAccount',
    fetch: 'fetchAccount',
    create: 'createAccount',
    createMany: 'createAccounts',
    update: 'updateAccount',
    updateMany: 'updateAccounts',
    delete: 'deleteAccount',
    deleteMany: 'deleteAccounts',
  },
  auth: { check: 'checkAuthData' },
  sources: { get: 'getSourceCatalogue', set: 'setSourceCatalogue' },
  management: { impacts: 'getManagementImpacts', operation: 'getManagementOperation' },
} as const;

type Kinds = typeof managementKinds;

/** The factories of one management kind: the facade's verbs over the kind's operationIds. */
export type KindOperations<C extends ManagementCollection> = {
  list: Kinds[C]['operations']['list'];
  get: Kinds[C]['operations']['get'];
  preview: Kinds[C]['operations']['preview'];
  commitCreate: Kinds[C]['operations']['create'];
  commitUpdate: Kinds[C]['operations']['update'];
  commitDelete: Kinds[C]['operations']['remove'];
};

export const kindOperations = <C extends ManagementCollection>(collection: C): KindOperations<C> => {
  const { list, get, preview, create, update, remove } = managementKinds[collection].operations;
  return { list, get, preview, commitCreate: create, commitUpdate: update, commitDelete: remove };
};

/** `management(ws)`: its own reads plus every kind under its facade name. */
export type ManagementOperations = (typeof facadeOperations)['management'] & {
  [C in ManagementCollection as Kinds[C]['facade']]: KindOperations<C>;
};

export const managementOperations = {
  ...facadeOperations.management,
  ...Object.fromEntries(
    (Object.keys(managementKinds) as ManagementCollection[]).map((c) => [
      managementKinds[c].facade,
      kindOperations(c),
    ]),
  ),
} as ManagementOperations;
