import type { Facade } from '../client';
import type { MemberModelPermissionInput, MemberModelPermissionItems } from '../resources/members';
import type { MemberUid, RequestBody, WorkspaceId } from '../types';
import { wsadminKeys } from './keys';
import { actionOf, below, mutationOf, only, queryOf } from './options';

const keys = wsadminKeys.members;

/** Factories of the members of a workspace. */
const membersOf = (client: Facade, ws: WorkspaceId) => ({
  /**
   * The members of the workspace.
   *
   * @example
   * const { data: members } = useQuery(q.members(7).list());
   */
  list: () => queryOf(keys.list(ws), (signal) => client.members(ws).list({ signal })),

  /**
   * Adds an account as a member (variables: `{ uid, role }`); invalidates the members and the
   * account's workspace lists.
   *
   * @example
   * useMutation(q.members(7).add()).mutate({ uid: account.uid, role: 3 });
   */
  add: () =>
    mutationOf(
      ['wsadmin', 'addMember', ws],
      (member: RequestBody<'addMember'>) => client.members(ws).add(member),
      ({ uid }) => [only(keys.list(ws)), below(wsadminKeys.accounts.projectLists(uid))],
    ),

  /**
   * Sets the model permission of several members (variables: the items); invalidates theirs.
   *
   * @example
   * useMutation(q.members(7).setModelPermissions()).mutate([
   *   { memberUid: uid, modelPermission: { effect: 'deny', resource: ['m-1'] } },
   * ]);
   */
  setModelPermissions: () =>
    mutationOf(
      ['wsadmin', 'setMemberModelPermission', ws],
      (items: MemberModelPermissionItems) => client.members(ws).setModelPermissions(items),
      (items) => items.map(({ memberUid }) => only(keys.modelPermission(ws, memberUid))),
    ),
});

/** Factories of one member. */
const memberOf = (client: Facade, ws: WorkspaceId, uid: MemberUid) => {
  const member = () => client.members(ws, uid);
  return {
    /**
     * Removes the member (no variables); invalidates the members, everything of the member and
     * the account's workspace lists.
     *
     * @example
     * useMutation(q.members(7, uid).remove()).mutate();
     */
    remove: () =>
      actionOf(
        ['wsadmin', 'removeMember', ws, uid],
        () => member().remove(),
        () => [
          only(keys.list(ws)),
          below(keys.detail(ws, uid)),
          below(wsadminKeys.accounts.projectLists(uid)),
        ],
      ),

    modelPermission: {
      /**
       * The model permission switch of the member.
       *
       * @example
       * const { data } = useQuery(q.members(7, uid).modelPermission.getEnabled());
       */
      getEnabled: () =>
        queryOf(keys.modelPermissionEnabled(ws, uid), (signal) =>
          member().modelPermission.getEnabled({ signal }),
        ),

      /**
       * Switches model permission (variables: `true` or `false`); invalidates the switch.
       *
       * @example
       * useMutation(q.members(7, uid).modelPermission.setEnabled()).mutate(true);
       */
      setEnabled: () =>
        mutationOf(
          ['wsadmin', 'setMemberModelPermissionSwitch', ws, uid],
          (enabled: RequestBody<'setMemberModelPermissionSwitch'>['enableModelPermission']) =>
            member().modelPermission.setEnabled(enabled),
          () => [only(keys.modelPermissionEnabled(ws, uid))],
        ),

      /**
       * The model permission of the member.
       *
       * @example
       * const { data } = useQuery(q.members(7, uid).modelPermission.get());
       */
      get: () => queryOf(keys.modelPermission(ws, uid), (signal) => member().modelPermission.get({ signal })),

      /**
       * Sets the model permission (variables: the permission); invalidates it.
       *
       * @example
       * useMutation(q.members(7, uid).modelPermission.set()).mutate({ effect: 'deny', resource: ['m-1'] });
       */
      set: () =>
        mutationOf(
          ['wsadmin', 'setMemberModelPermission', ws, uid],
          (permission: MemberModelPermissionInput) => member().modelPermission.set(permission),
          () => [only(keys.modelPermission(ws, uid))],
        ),
    },
  };
};

export type MembersQueries = ReturnType<typeof membersOf>;
export type MemberQueries = ReturnType<typeof memberOf>;

/** `q.members(ws)` for the members of a workspace, `q.members(ws, uid)` for one member. */
export interface MembersQueriesFactory {
  (workspaceId: WorkspaceId): MembersQueries;
  (workspaceId: WorkspaceId, memberUid: MemberUid): MemberQueries;
}

/** Query and mutation factories of `client.members`. */
export function membersQueries(client: Facade): MembersQueriesFactory {
  function scope(ws: WorkspaceId): MembersQueries;
  function scope(ws: WorkspaceId, uid: MemberUid): MemberQueries;
  function scope(ws: WorkspaceId, uid?: MemberUid): MembersQueries | MemberQueries {
    return uid === undefined ? membersOf(client, ws) : memberOf(client, ws, uid);
  }
  return scope;
}
