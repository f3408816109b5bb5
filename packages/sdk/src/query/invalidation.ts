import type { routes } from '../generated/routes';
import { managementKinds } from '../routes';
import type { ManagementCollection, OperationId, PathParams } from '../types';
import { changedObjects } from './affected';
import { everyAccountProjects, wsadminKeys } from './keys';
import { type Affected, below, only } from './options';
import type { QueryPost, VariablesOf } from './shape';

/**
 * What each write makes stale: the only knowledge of the query layer that the route table does not
 * hold. One entry per writing operation, given the path values by name and the mutation's
 * variables; an update invalidates its detail exactly and every view listing the object, a delete
 * everything below the object's key. A new writing operation in the contract fails to compile here
 * until it has an entry (`satisfies Invalidations`).
 */

type Routes = typeof routes;
type Kinds = typeof managementKinds;

/** POSTs that change nothing: the look-up (a query), the login check and the previews (mutations). */
export type ReadLikePost = QueryPost | 'checkAuthData' | Kinds[ManagementCollection]['operations']['preview'];

/** Every operation that changes something: the route table's non-GET operations but the read-like POSTs. */
export type WritingOperationId = Exclude<
  { [K in OperationId]: Routes[K]['method'] extends 'get' ? never : K }[OperationId],
  ReadLikePost
>;

export interface InvalidationInput<K extends OperationId> {
  /** Path values by name, from the scope and the factory's arguments. */
  path: PathParams<K>;
  variables: VariablesOf<K>;
}
export type Invalidations = { [K in WritingOperationId]: (input: InvalidationInput<K>) => Affected };

const { workspaces, accounts, memberGroups: groups, members } = wsadminKeys;
/** Every view listing workspaces: the workspace lists, the key scope and the accounts' workspace lists. */
const workspaceViews = (): Affected => [
  below(workspaces.lists()),
  only(wsadminKeys.scopes()),
  everyAccountProjects(),
];
/** Views showing account fields: lists, look-ups, and the owners in the accounts' workspace lists. */
const accountViews = (): Affected => [
  below(accounts.lists()),
  below(accounts.lookups()),
  everyAccountProjects(),
];

type ManagedCreate = Kinds[ManagementCollection]['operations']['create'];
type ManagedChange = Kinds[ManagementCollection]['operations']['update' | 'remove'];
/** Commits of the management interface: the kind's views, as legacy writes of the same objects. */
const managedWrites = Object.fromEntries(
  (Object.keys(managementKinds) as ManagementCollection[]).flatMap((kind) => {
    const { create, update, remove } = managementKinds[kind].operations;
    const one = ({ path }: InvalidationInput<ManagedChange>) =>
      changedObjects(path.workspaceId, kind, [path.id]);
    return [
      [create, ({ path }: InvalidationInput<ManagedCreate>) => changedObjects(path.workspaceId, kind, [])],
      [update, one],
      [remove, one],
    ];
  }),
) as Pick<Invalidations, ManagedCreate | ManagedChange>;

export const invalidations = {
  ...managedWrites,
  createWorkspace: workspaceViews,
  createWorkspaces: workspaceViews,
  updateWorkspace: ({ path }) => [only(workspaces.detail(path.workspaceId)), ...workspaceViews()],
  updateWorkspaces: ({ variables }) => [
    ...variables.map(({ id }) => only(workspaces.detail(id))),
    ...workspaceViews(),
  ],
  deleteWorkspace: ({ path }) => [below(workspaces.detail(path.workspaceId)), ...workspaceViews()],
  deleteWorkspaces: ({ variables }) => [
    ...variables.map((id) => below(workspaces.detail(id))),
    ...workspaceViews(),
  ],

  createTimeSeries: ({ path }) => changedObjects(path.workspaceId, 'time-series', []),
  updateTimeSeries: ({ path }) => changedObjects(path.workspaceId, 'time-series', [path.timeSeriesId]),
  deleteTimeSeries: ({ path }) => changedObjects(path.workspaceId, 'time-series', [path.timeSeriesId]),
  createTimeSeriesBatch: ({ path }) => changedObjects(path.workspaceId, 'time-series', []),
  updateTimeSeriesBatch: ({ path, variables }) =>
    changedObjects(
      path.workspaceId,
      'time-series',
      variables.map(({ id }) => id),
    ),
  deleteTimeSeriesBatch: ({ path, variables }) => changedObjects(path.workspaceId, 'time-series', variables),
  createDimensions: ({ path }) => changedObjects(path.workspaceId, 'dimensions', []),
  updateDimensions: ({ path, variables }) =>
    changedObjects(
      path.workspaceId,
      'dimensions',
      variables.map(({ id }) => id),
    ),
  deleteDimensions: ({ path, variables }) => changedObjects(path.workspaceId, 'dimensions', variables),
  createMeasures: ({ path }) => changedObjects(path.workspaceId, 'measures', []),
  updateMeasures: ({ path, variables }) =>
    changedObjects(
      path.workspaceId,
      'measures',
      variables.map(({ id }) => id),
    ),
  deleteMeasures: ({ path, variables }) => changedObjects(path.workspaceId, 'measures', variables),

  createMemberGroup: ({ path }) => [only(groups.list(path.workspaceId))],
  deleteMemberGroup: ({ path: { workspaceId: ws, member_groups_pk: id } }) => [
    only(groups.list(ws)),
    below(groups.detail(ws, id)),
  ],
  setMemberGroupRowPermissionSwitch: ({ path }) => [
    only(groups.rowPermissionEnabled(path.workspaceId, path.member_groups_pk)),
  ],
  setMemberGroupRowPermission: ({ path }) => [
    only(groups.rowPermission(path.workspaceId, path.member_groups_pk)),
  ],
  setMemberGroupModelPermissionSwitch: ({ path }) => [
    only(groups.modelPermissionEnabled(path.workspaceId, path.member_groups_pk)),
  ],
  setMemberGroupModelPermission: ({ path }) => [
    only(groups.modelPermission(path.workspaceId, path.member_groups_pk)),
  ],

  addMember: ({ path, variables }) => [
    only(members.list(path.workspaceId)),
    below(accounts.projectLists(variables.uid)),
  ],
  removeMember: ({ path: { workspaceId: ws, member_uid: uid } }) => [
    only(members.list(ws)),
    below(members.detail(ws, uid)),
    below(accounts.projectLists(uid)),
  ],
  setMemberModelPermissionSwitch: ({ path }) => [
    only(members.modelPermissionEnabled(path.workspaceId, path.member_uid)),
  ],
  // One route, two facade forms: the batch (`members(ws).setModelPermissions`) names its members.
  setMemberModelPermission: ({ path, variables }) =>
    (Array.isArray(variables) ? variables.map(({ memberUid }) => memberUid) : [path.member_id]).map((uid) =>
      only(members.modelPermission(path.workspaceId, uid)),
    ),

  createAccount: () => [below(accounts.lists()), below(accounts.lookups())],
  createAccounts: () => [below(accounts.lists()), below(accounts.lookups())],
  updateAccount: ({ path }) => [only(accounts.detail(path.account_uid)), ...accountViews()],
  updateAccounts: ({ variables }) => [
    ...variables.map(({ uid }) => only(accounts.detail(uid))),
    ...accountViews(),
  ],
  deleteAccount: ({ path }) => [below(accounts.detail(path.account_uid)), ...accountViews()],
  deleteAccounts: ({ variables }) => [
    ...variables.map((uid) => below(accounts.detail(uid))),
    ...accountViews(),
  ],

  setSourceCatalogue: ({ path }) => [only(wsadminKeys.sources(path.workspaceId))],
} satisfies Invalidations;

/** What a successful write of `operationId` makes stale (nothing for the read-like POSTs). */
export function invalidationOf(operationId: OperationId, path: object, variables: unknown): Affected {
  if (!(operationId in invalidations)) return [];
  const entry = invalidations[operationId as WritingOperationId] as (input: object) => Affected;
  return entry({ path, variables });
}
