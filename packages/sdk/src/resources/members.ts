import type { Context } from '../call';
import type { MemberUid, RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

type SetBody = RequestBody<'setMemberModelPermission'>;
type SetData = ResponseData<'setMemberModelPermission'>;
/** Body of the single form of `PUT members/{member_id}/model-permission/`. */
export type MemberModelPermissionInput = Exclude<SetBody, { memberModelPermission: unknown }>;
/** Items of the batch form of `PUT members/{member_id}/model-permission/`. */
export type MemberModelPermissionItems = Extract<
  SetBody,
  { memberModelPermission: unknown }
>['memberModelPermission'];

/** `members/`: the members of a workspace. */
export interface MembersApi {
  /**
   * Lists the members of the workspace (reference-server extension).
   *
   * @example
   * const members = await client.members(7).list();
   */
  list(options?: RequestOptions): Promise<ResponseData<'listMembers'>>;

  /**
   * Adds an account as a member (reference-server extension).
   *
   * @example
   * const member = await client.members(7).add({ uid: account.uid, role: 3 });
   */
  add(member: RequestBody<'addMember'>, options?: RequestOptions): Promise<ResponseData<'addMember'>>;

  /**
   * Sets the model permission of several members at once (the batch form of
   * `PUT members/{member_id}/model-permission/`; the first item's uid fills the path).
   *
   * @example
   * await client.members(7).setModelPermissions([
   *   { memberUid: alice, modelPermission: { effect: 'allow', resource: ['model-uid-1'] } },
   *   { memberUid: bob, modelPermission: { effect: 'deny', resource: ['model-uid-2'] } },
   * ]);
   */
  setModelPermissions(
    items: MemberModelPermissionItems,
    options?: RequestOptions,
  ): Promise<Extract<SetData, readonly unknown[]>>;
}

/** Model permission of one member. */
export interface MemberModelPermissionApi {
  /**
   * Reads the model permission switch of the member.
   *
   * @example
   * const { enableModelPermission } = await client.members(7, uid).modelPermission.getEnabled();
   */
  getEnabled(options?: RequestOptions): Promise<ResponseData<'getMemberModelPermissionSwitch'>>;

  /**
   * Switches model permission of the member on or off (the answer is the envelope only).
   *
   * @example
   * await client.members(7, uid).modelPermission.setEnabled(true);
   */
  setEnabled(
    enableModelPermission: RequestBody<'setMemberModelPermissionSwitch'>['enableModelPermission'],
    options?: RequestOptions,
  ): Promise<ResponseData<'setMemberModelPermissionSwitch'>>;

  /**
   * Reads the model permission of the member.
   *
   * @example
   * const { effect, resource } = await client.members(7, uid).modelPermission.get();
   */
  get(options?: RequestOptions): Promise<ResponseData<'getMemberModelPermission'>>;

  /**
   * Sets the model permission of the member.
   *
   * @example
   * await client.members(7, uid).modelPermission.set({ effect: 'deny', resource: ['model-uid-2'] });
   */
  set(
    permission: MemberModelPermissionInput,
    options?: RequestOptions,
  ): Promise<Exclude<SetData, readonly unknown[]>>;
}

/** `members/{member_uid}/`: one member. */
export interface MemberApi {
  /**
   * Removes the member from the workspace (reference-server extension).
   *
   * @example
   * await client.members(7, uid).remove();
   */
  remove(options?: RequestOptions): Promise<ResponseData<'removeMember'>>;
  /** Model permission switch and setting of the member. */
  readonly modelPermission: MemberModelPermissionApi;
}

/** `client.members(workspaceId)` for the members of a workspace, `client.members(workspaceId, uid)` for one. */
export interface MembersFactory {
  /**
   * The members of a workspace.
   *
   * @example
   * const members = await client.members(7).list();
   */
  (workspaceId: WorkspaceId): MembersApi;
  /**
   * One member.
   *
   * @example
   * const permission = await client.members(7, uid).modelPermission.get();
   */
  (workspaceId: WorkspaceId, memberUid: MemberUid): MemberApi;
}

export function members({ call }: Context): MembersFactory {
  function scope(ws: WorkspaceId): MembersApi;
  function scope(ws: WorkspaceId, uid: MemberUid): MemberApi;
  function scope(workspaceId: WorkspaceId, uid?: MemberUid): MembersApi | MemberApi {
    if (uid === undefined) {
      return {
        list: (o) => call('listMembers', { path: { workspaceId } }, o),
        add: (body, o) => call('addMember', { path: { workspaceId }, body }, o),
        // The batch form names its members in the body; the first item's uid fills the path.
        setModelPermissions: (items, o) =>
          call(
            'setMemberModelPermission',
            {
              path: { workspaceId, member_id: items[0]?.memberUid ?? '-' },
              body: { memberModelPermission: items },
            },
            o,
          ) as Promise<Extract<SetData, readonly unknown[]>>,
      };
    }
    const one = { workspaceId, member_uid: uid };
    const permission = { workspaceId, member_id: uid };
    return {
      remove: (o) => call('removeMember', { path: one }, o),
      modelPermission: {
        getEnabled: (o) => call('getMemberModelPermissionSwitch', { path: one }, o),
        setEnabled: (enableModelPermission, o) =>
          call('setMemberModelPermissionSwitch', { path: one, body: { enableModelPermission } }, o),
        get: (o) => call('getMemberModelPermission', { path: permission }, o),
        set: (body, o) =>
          call('setMemberModelPermission', { path: permission, body }, o) as Promise<
            Exclude<SetData, readonly unknown[]>
          >,
      },
    };
  }
  return scope;
}
