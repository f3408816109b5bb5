import type { Context } from '../call';
import type { MemberGroupId, RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

/** `member-groups/`: the member groups of a workspace (reference-server extension). */
export interface MemberGroupsApi {
  /**
   * Lists the member groups of the workspace.
   *
   * @example
   * const groups = await client.memberGroups(7).list();
   */
  list(options?: RequestOptions): Promise<ResponseData<'listMemberGroups'>>;

  /**
   * Creates a member group.
   *
   * @example
   * const group = await client.memberGroups(7).create({ name: 'Analysts' });
   */
  create(
    group: RequestBody<'createMemberGroup'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'createMemberGroup'>>;
}

/** Row permission of one member group. */
export interface RowPermissionApi {
  /**
   * Reads the row permission switch.
   *
   * @example
   * const { enableRowPermission } = await client.memberGroups(7, 2).rowPermission.getEnabled();
   */
  getEnabled(options?: RequestOptions): Promise<ResponseData<'getMemberGroupRowPermissionSwitch'>>;

  /**
   * Switches row permission on or off.
   *
   * @example
   * await client.memberGroups(7, 2).rowPermission.setEnabled(true);
   */
  setEnabled(
    enableRowPermission: RequestBody<'setMemberGroupRowPermissionSwitch'>['enableRowPermission'],
    options?: RequestOptions,
  ): Promise<ResponseData<'setMemberGroupRowPermissionSwitch'>>;

  /**
   * Reads the row permission rules and their mode.
   *
   * @example
   * const { rowPermissionMode, rowPermission } = await client.memberGroups(7, 2).rowPermission.get();
   */
  get(options?: RequestOptions): Promise<ResponseData<'getMemberGroupRowPermission'>>;

  /**
   * Replaces the row permission rules.
   *
   * @example
   * await client.memberGroups(7, 2).rowPermission.set({
   *   rowPermissionMode: 1,
   *   rowPermission: [{ effect: 'allow', resource: 'region', operator: 'equal', values: ['EU'] }],
   * });
   */
  set(
    setting: RequestBody<'setMemberGroupRowPermission'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'setMemberGroupRowPermission'>>;
}

/** Model permission of one member group. */
export interface GroupModelPermissionApi {
  /**
   * Reads the model permission switch.
   *
   * @example
   * const { enableModelPermission } = await client.memberGroups(7, 2).modelPermission.getEnabled();
   */
  getEnabled(options?: RequestOptions): Promise<ResponseData<'getMemberGroupModelPermissionSwitch'>>;

  /**
   * Switches model permission on or off.
   *
   * @example
   * await client.memberGroups(7, 2).modelPermission.setEnabled(true);
   */
  setEnabled(
    enableModelPermission: RequestBody<'setMemberGroupModelPermissionSwitch'>['enableModelPermission'],
    options?: RequestOptions,
  ): Promise<ResponseData<'setMemberGroupModelPermissionSwitch'>>;

  /**
   * Reads the model permission.
   *
   * @example
   * const { effect, resource } = await client.memberGroups(7, 2).modelPermission.get();
   */
  get(options?: RequestOptions): Promise<ResponseData<'getMemberGroupModelPermission'>>;

  /**
   * Sets the model permission.
   *
   * @example
   * await client.memberGroups(7, 2).modelPermission.set({ effect: 'allow', resource: ['model-uid-1'] });
   */
  set(
    permission: RequestBody<'setMemberGroupModelPermission'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'setMemberGroupModelPermission'>>;
}

/** `member-groups/{member_groups_pk}/`: one member group. */
export interface MemberGroupApi {
  /**
   * Deletes the member group.
   *
   * @example
   * await client.memberGroups(7, 2).delete();
   */
  delete(options?: RequestOptions): Promise<ResponseData<'deleteMemberGroup'>>;
  /** Row permission switch and rules. */
  readonly rowPermission: RowPermissionApi;
  /** Model permission switch and setting. */
  readonly modelPermission: GroupModelPermissionApi;
}

/**
 * `client.memberGroups(workspaceId)` for the groups of a workspace,
 * `client.memberGroups(workspaceId, memberGroupId)` for one group.
 */
export interface MemberGroupsFactory {
  /**
   * The member groups of a workspace.
   *
   * @example
   * const groups = await client.memberGroups(7).list();
   */
  (workspaceId: WorkspaceId): MemberGroupsApi;
  /**
   * One member group.
   *
   * @example
   * await client.memberGroups(7, 2).rowPermission.setEnabled(true);
   */
  (workspaceId: WorkspaceId, memberGroupId: MemberGroupId): MemberGroupApi;
}

export function memberGroups({ call }: Context): MemberGroupsFactory {
  function scope(ws: WorkspaceId): MemberGroupsApi;
  function scope(ws: WorkspaceId, id: MemberGroupId): MemberGroupApi;
  function scope(workspaceId: WorkspaceId, id?: MemberGroupId): MemberGroupsApi | MemberGroupApi {
    if (id === undefined) {
      return {
        list: (o) => call('listMemberGroups', { path: { workspaceId } }, o),
        create: (body, o) => call('createMemberGroup', { path: { workspaceId }, body }, o),
      };
    }
    const path = { workspaceId, member_groups_pk: id };
    return {
      delete: (o) => call('deleteMemberGroup', { path }, o),
      rowPermission: {
        getEnabled: (o) => call('getMemberGroupRowPermissionSwitch', { path }, o),
        setEnabled: (enableRowPermission, o) =>
          call('setMemberGroupRowPermissionSwitch', { path, body: { enableRowPermission } }, o),
        get: (o) => call('getMemberGroupRowPermission', { path }, o),
        set: (body, o) => call('setMemberGroupRowPermission', { path, body }, o),
      },
      modelPermission: {
        getEnabled: (o) => call('getMemberGroupModelPermissionSwitch', { path }, o),
        setEnabled: (enableModelPermission, o) =>
          call('setMemberGroupModelPermissionSwitch', { path, body: { enableModelPermission } }, o),
        get: (o) => call('getMemberGroupModelPermission', { path }, o),
        set: (body, o) => call('setMemberGroupModelPermission', { path, body }, o),
      },
    };
  }
  return scope;
}
