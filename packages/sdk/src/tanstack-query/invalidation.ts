import {
  type OperationBodies,
  objectWrites,
  type ReadId,
  settingWrites,
  type WritingOperationId,
} from '../generated/query-factories';
import { managementKinds } from '../route-table';
import type {
  AccountUid,
  ManagementCollection,
  ObjectId,
  OperationId,
  PathParams,
  WorkspaceId,
} from '../types';
import { everyAccountProjects, keyOf, wsadminKeys } from './keys';
import { type Affected, below, only } from './options';

/**
 * What each write makes stale, the one knowledge of the query layer: an update invalidates its detail
 * exactly and every view listing the object, a delete everything below the object's key. Object and
 * setting writes follow generated tables; the table `satisfies Invalidations`, so a new writing
 * operation of the contract fails to compile until it has an entry.
 */

/** An entry, given the path values by name (from the scope and the factory's arguments) and the variables. */
export type Invalidations = {
  [K in WritingOperationId]: (input: {
    path: PathParams<K>;
    variables: K extends keyof OperationBodies ? OperationBodies[K] : undefined;
  }) => Affected;
};

const { workspaces, accounts, memberGroups, members, management, of } = wsadminKeys;

/** Kinds whose management details carry `usedByModels`: those the model kind references. */
const usedByModels = new Set<unknown>(Object.values(managementKinds.models.references));

/**
 * The queries a change of configuration objects makes stale, whether it came through the
 * management interface or a legacy endpoint: the kind's management list and the details of `ids`,
 * the legacy views of the same objects (its `legacyViews`), and the workspace's impacts (references are
 * derived from every object). A model change also reaches the `usedByModels` of the details it references.
 */
export function changedObjects(ws: WorkspaceId, collection: ManagementCollection, ids: ObjectId[]): Affected {
  const { operations, legacyViews } = managementKinds[collection];
  const views: { list?: OperationId; detail?: OperationId }[] = [
    { list: operations.list, detail: operations.get },
    legacyViews,
  ];
  const affected: Affected = views.flatMap(({ list, detail }) => [
    ...(list ? [only(keyOf(list, [ws]))] : []),
    ...(detail ? ids.map((id) => only(keyOf(detail, [ws, id]))) : []),
  ]);
  affected.push(below(management.impacts(ws)));
  if (collection === 'models') {
    affected.push({
      queryKey: management.all(ws),
      predicate: ({ queryKey: [, , , , kind, id] }) => usedByModels.has(kind) && typeof id === 'number',
    });
  }
  return affected;
}
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
const workspaceWrite = (filter: typeof only) => (input: Loose) => [
  ...idsOf<WorkspaceId>(input, 'id', '').map((id) => filter(workspaces.detail(id))),
  below(workspaces.lists()),
  only(of('getScope')),
  everyAccountProjects(),
];
/** Account writes: the accounts named, lists, look-ups, and (but for new ones) the owners in workspace lists. */
const accountWrite =
  (filter: typeof only, owners = true) =>
  (input: Loose) => [
    ...idsOf<AccountUid>(input, 'uid', '').map((uid) => filter(accounts.detail(uid))),
    below(accounts.lists()),
    below(accounts.lookups()),
    ...(owners ? [everyAccountProjects()] : []),
  ];
/** A setting: only the read at the write's path. */
const setting = (read: ReadId) => (input: Loose) => [only(keyOf(read, Object.values(input.path)))];
/** The entries of a generated table (`objectWrites`, `settingWrites`), each value made an entry by `entry`. */
const entriesOf = <W extends string, V>(
  table: Record<W, V>,
  entry: (value: V) => (input: Loose) => Affected,
) =>
  Object.fromEntries(Object.entries(table).map(([id, value]) => [id, entry(value as V)])) as Record<
    W,
    (input: Loose) => Affected
  >;

export const invalidations = {
  ...entriesOf(objectWrites, objects),
  ...entriesOf(settingWrites, setting),
  createWorkspace: workspaceWrite(only),
  createWorkspaces: workspaceWrite(only),
  updateWorkspace: workspaceWrite(only),
  updateWorkspaces: workspaceWrite(only),
  deleteWorkspace: workspaceWrite(below),
  deleteWorkspaces: workspaceWrite(below),
  createMemberGroup: ({ path }) => [only(of('listMemberGroups', path.workspaceId))],
  deleteMemberGroup: ({ path: { workspaceId: ws, member_groups_pk: id } }) => [
    only(of('listMemberGroups', ws)),
    below(memberGroups.detail(ws, id)),
  ],
  addMember: ({ path, variables }) => [
    only(of('listMembers', path.workspaceId)),
    below(accounts.projectLists(variables.uid)),
  ],
  removeMember: ({ path: { workspaceId: ws, member_uid: uid } }) => [
    only(of('listMembers', ws)),
    below(members.detail(ws, uid)),
    below(accounts.projectLists(uid)),
  ],
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
} satisfies Invalidations;

/** What a successful write of `operationId` makes stale (nothing for the read-like POSTs). */
export function invalidationOf(operationId: OperationId, path: object, variables: unknown): Affected {
  if (!(operationId in invalidations)) return [];
  const entry = invalidations[operationId as WritingOperationId] as (input: object) => Affected;
  return entry({ path, variables });
}
