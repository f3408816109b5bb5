import type { Facade } from '../client';
import type { MemberGroupId, RequestBody, WorkspaceId } from '../types';
import { wsadminKeys } from './keys';
import { actionOf, below, mutationOf, only, queryOf } from './options';

const keys = wsadminKeys.memberGroups;

/** Factories of the member groups of a workspace. */
const groupsOf = (client: Facade, ws: WorkspaceId) => ({
  /**
   * The member groups of the workspace.
   *
   * @example
   * const { data: groups } = useQuery(q.memberGroups(7).list());
   */
  list: () => queryOf(keys.list(ws), (signal) => client.memberGroups(ws).list({ signal })),

  /**
   * Creates a member group (variables: the group); invalidates the list.
   *
   * @example
   * useMutation(q.memberGroups(7).create()).mutate({ name: 'Analysts' });
   */
  create: () =>
    mutationOf(
      ['wsadmin', 'createMemberGroup', ws],
      (group: RequestBody<'createMemberGroup'>) => client.memberGroups(ws).create(group),
      () => [only(keys.list(ws))],
    ),
});

/** Factories of one member group. */
const groupOf = (client: Facade, ws: WorkspaceId, id: MemberGroupId) => {
  const group = () => client.memberGroups(ws, id);
  return {
    /**
     * Deletes the member group (no variables); invalidates the list and everything of the group.
     *
     * @example
     * useMutation(q.memberGroups(7, 2).delete()).mutate();
     */
    delete: () =>
      actionOf(
        ['wsadmin', 'deleteMemberGroup', ws, id],
        () => group().delete(),
        () => [only(keys.list(ws)), below(keys.detail(ws, id))],
      ),

    rowPermission: {
      /**
       * The row permission switch.
       *
       * @example
       * const { data } = useQuery(q.memberGroups(7, 2).rowPermission.getEnabled());
       */
      getEnabled: () =>
        queryOf(keys.rowPermissionEnabled(ws, id), (signal) => group().rowPermission.getEnabled({ signal })),

      /**
       * Switches row permission (variables: `true` or `false`); invalidates the switch.
       *
       * @example
       * useMutation(q.memberGroups(7, 2).rowPermission.setEnabled()).mutate(true);
       */
      setEnabled: () =>
        mutationOf(
          ['wsadmin', 'setMemberGroupRowPermissionSwitch', ws, id],
          (enabled: RequestBody<'setMemberGroupRowPermissionSwitch'>['enableRowPermission']) =>
            group().rowPermission.setEnabled(enabled),
          () => [only(keys.rowPermissionEnabled(ws, id))],
        ),

      /**
       * The row permission rules and their mode.
       *
       * @example
       * const { data } = useQuery(q.memberGroups(7, 2).rowPermission.get());
       */
      get: () => queryOf(keys.rowPermission(ws, id), (signal) => group().rowPermission.get({ signal })),

      /**
       * Replaces the row permission rules (variables: the setting); invalidates them.
       *
       * @example
       * useMutation(q.memberGroups(7, 2).rowPermission.set()).mutate({ rowPermissionMode: 1, rowPermission: [] });
       */
      set: () =>
        mutationOf(
          ['wsadmin', 'setMemberGroupRowPermission', ws, id],
          (setting: RequestBody<'setMemberGroupRowPermission'>) => group().rowPermission.set(setting),
          () => [only(keys.rowPermission(ws, id))],
        ),
    },

    modelPermission: {
      /**
       * The model permission switch.
       *
       * @example
       * const { data } = useQuery(q.memberGroups(7, 2).modelPermission.getEnabled());
       */
      getEnabled: () =>
        queryOf(keys.modelPermissionEnabled(ws, id), (signal) =>
          group().modelPermission.getEnabled({ signal }),
        ),

      /**
       * Switches model permission (variables: `true` or `false`); invalidates the switch.
       *
       * @example
       * useMutation(q.memberGroups(7, 2).modelPermission.setEnabled()).mutate(false);
       */
      setEnabled: () =>
        mutationOf(
          ['wsadmin', 'setMemberGroupModelPermissionSwitch', ws, id],
          (enabled: RequestBody<'setMemberGroupModelPermissionSwitch'>['enableModelPermission']) =>
            group().modelPermission.setEnabled(enabled),
          () => [only(keys.modelPermissionEnabled(ws, id))],
        ),

      /**
       * The model permission.
       *
       * @example
       * const { data } = useQuery(q.memberGroups(7, 2).modelPermission.get());
       */
      get: () => queryOf(keys.modelPermission(ws, id), (signal) => group().modelPermission.get({ signal })),

      /**
       * Sets the model permission (variables: the permission); invalidates it.
       *
       * @example
       * useMutation(q.memberGroups(7, 2).modelPermission.set()).mutate({ effect: 'allow', resource: ['m-1'] });
       */
      set: () =>
        mutationOf(
          ['wsadmin', 'setMemberGroupModelPermission', ws, id],
          (permission: RequestBody<'setMemberGroupModelPermission'>) =>
            group().modelPermission.set(permission),
          () => [only(keys.modelPermission(ws, id))],
        ),
    },
  };
};

export type MemberGroupsQueries = ReturnType<typeof groupsOf>;
export type MemberGroupQueries = ReturnType<typeof groupOf>;

/** `q.memberGroups(ws)` for the groups of a workspace, `q.memberGroups(ws, id)` for one group. */
export interface MemberGroupsQueriesFactory {
  (workspaceId: WorkspaceId): MemberGroupsQueries;
  (workspaceId: WorkspaceId, memberGroupId: MemberGroupId): MemberGroupQueries;
}

/** Query and mutation factories of `client.memberGroups`. */
export function memberGroupsQueries(client: Facade): MemberGroupsQueriesFactory {
  function scope(ws: WorkspaceId): MemberGroupsQueries;
  function scope(ws: WorkspaceId, id: MemberGroupId): MemberGroupQueries;
  function scope(ws: WorkspaceId, id?: MemberGroupId): MemberGroupsQueries | MemberGroupQueries {
    return id === undefined ? groupsOf(client, ws) : groupOf(client, ws, id);
  }
  return scope;
}
