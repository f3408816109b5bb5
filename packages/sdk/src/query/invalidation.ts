import type { routes } from '../routes';
import { managementKinds } from '../routes';
import type {
  AccountUid,
  ManagementCollection,
  ObjectId,
  OperationId,
  PathParams,
  WorkspaceId,
} from '../types';
import { changedObjects } from './affected';
import { everyAccountProjects, keyOf, wsadminKeys } from './keys';
import { type Affected, below, only } from './options';
import type { QueryPost, ReadId, VariablesOf } from './shape';

/**
 * What each write makes stale: the one knowledge of the query layer that no generated table holds.
 * An update invalidates its detail exactly and every view listing the object, a delete everything
 * below the object's key. The table `satisfies Invalidations`, so a new writing operation of the
 * contract fails to compile until it has an entry.
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

/** An entry, given the path values by name (from the scope and the factory's arguments) and the variables. */
export type Invalidations = {
  [K in WritingOperationId]: (input: { path: PathParams<K>; variables: VariablesOf<K> }) => Affected;
};

const { workspaces, accounts, memberGroups, members, of } = wsadminKeys;
type Filter = typeof only;
type Loose = { path: Readonly<Record<string, unknown>>; variables: unknown };
/** The ids a write names: in its path (`skip` aside), and in its items (`[3, 4]` or `[{ id: 3 }]`). */
const idsOf = <Id>({ path, variables }: Loose, field: string, skip = 'workspaceId') =>
  [
    ...Object.entries(path).flatMap(([name, id]) => (name === skip ? [] : [id])),
    ...(Array.isArray(variables)
      ? variables.map((item) => (typeof item === 'object' ? item?.[field] : item))
      : []),
  ].filter((id) => id !== undefined) as Id[];
/** A change of configuration objects of one kind (legacy endpoint or management commit). */
const objects = (kind: ManagementCollection) => (input: Loose) =>
  changedObjects(input.path.workspaceId as WorkspaceId, kind, idsOf<ObjectId>(input, 'id'));
/** Workspace writes: the workspaces named (`only` their detail, or all `below` it) and every listing. */
const workspaceWrite = (filter: Filter) => (input: Loose) => [
  ...idsOf<WorkspaceId>(input, 'id', '').map((id) => filter(workspaces.detail(id))),
  below(workspaces.lists()),
  only(of('getScope')),
  everyAccountProjects(),
];
/** Account writes: the accounts named, lists, look-ups, and (but for new ones) the owners in workspace lists. */
const accountWrite =
  (filter: Filter, owners = true) =>
  (input: Loose) => [
    ...idsOf<AccountUid>(input, 'uid', '').map((uid) => filter(accounts.detail(uid))),
    below(accounts.lists()),
    below(accounts.lookups()),
    ...(owners ? [everyAccountProjects()] : []),
  ];
/** A setting: only the read at the write's path. */
const setting = (read: ReadId) => (input: Loose) => [only(keyOf(read, Object.values(input.path)))];

type ManagedWrite = Kinds[ManagementCollection]['operations']['create' | 'update' | 'remove'];
const managedWrites = Object.fromEntries(
  (Object.keys(managementKinds) as ManagementCollection[]).flatMap((kind) => {
    const { create, update, remove } = managementKinds[kind].operations;
    return [create, update, remove].map((id) => [id, objects(kind)]);
  }),
) as Record<ManagedWrite, (input: Loose) => Affected>;

export const invalidations = {
  ...managedWrites,
  createWorkspace: workspaceWrite(only),
  createWorkspaces: workspaceWrite(only),
  updateWorkspace: workspaceWrite(only),
  updateWorkspaces: workspaceWrite(only),
  deleteWorkspace: workspaceWrite(below),
  deleteWorkspaces: workspaceWrite(below),
  createTimeSeries: objects('time-series'),
  updateTimeSeries: objects('time-series'),
  deleteTimeSeries: objects('time-series'),
  createTimeSeriesBatch: objects('time-series'),
  updateTimeSeriesBatch: objects('time-series'),
  deleteTimeSeriesBatch: objects('time-series'),
  createDimensions: objects('dimensions'),
  updateDimensions: objects('dimensions'),
  deleteDimensions: objects('dimensions'),
  createMeasures: objects('measures'),
  updateMeasures: objects('measures'),
  deleteMeasures: objects('measures'),
  createMemberGroup: ({ path }) => [only(of('listMemberGroups', path.workspaceId))],
  deleteMemberGroup: ({ path: { workspaceId: ws, member_groups_pk: id } }) => [
    only(of('listMemberGroups', ws)),
    below(memberGroups.detail(ws, id)),
  ],
  setMemberGroupRowPermissionSwitch: setting('getMemberGroupRowPermissionSwitch'),
  setMemberGroupRowPermission: setting('getMemberGroupRowPermission'),
  setMemberGroupModelPermissionSwitch: setting('getMemberGroupModelPermissionSwitch'),
  setMemberGroupModelPermission: setting('getMemberGroupModelPermission'),
  addMember: ({ path, variables }) => [
    only(of('listMembers', path.workspaceId)),
    below(accounts.projectLists(variables.uid)),
  ],
  removeMember: ({ path: { workspaceId: ws, member_uid: uid } }) => [
    only(of('listMembers', ws)),
    below(members.detail(ws, uid)),
    below(accounts.projectLists(uid)),
  ],
  setMemberModelPermissionSwitch: setting('getMemberModelPermissionSwitch'),
  // One route, two facade forms: the batch (`members(ws).setModelPermissions`) names its members.
  setMemberModelPermission: ({ path, variables }) =>
    (Array.isArray(variables) ? variables.map(({ memberUid }) => memberUid) : [path.member_id]).map((uid) =>
      only(of('getMemberModelPermission', path.workspaceId, uid)),
    ),
  createAccount: accountWrite(only, false),
  createAccounts: accountWrite(only, false),
  updateAccount: accountWrite(only),
  updateAccounts: accountWrite(only),
  deleteAccount: accountWrite(below),
  deleteAccounts: accountWrite(below),
  setSourceCatalogue: setting('getSourceCatalogue'),
} satisfies Invalidations;

/** What a successful write of `operationId` makes stale (nothing for the read-like POSTs). */
export function invalidationOf(operationId: OperationId, path: object, variables: unknown): Affected {
  if (!(operationId in invalidations)) return [];
  const entry = invalidations[operationId as WritingOperationId] as (input: object) => Affected;
  return entry({ path, variables });
}
