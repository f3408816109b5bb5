import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { AccountUid, AccountUidRef, Id } from '../primitives';
import { API, WorkspacePath } from './common';
import {
  ModelPermission,
  ModelPermissionInput,
  ModelPermissionSwitch,
  ModelPermissionSwitchInput,
} from './permissions';

export const MemberRole = z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({
  id: 'MemberRole',
  description: 'Role of a member in a workspace (not shown in the spec): 1 = owner, 2 = admin, 3 = member.',
});

export const Member = z
  .object({
    uid: z.string().meta({ description: 'Account uid of the member.' }),
    role: MemberRole,
    memberGroupIds: z.array(Id),
  })
  .meta({ id: 'Member', description: 'Reference-server extension: the spec shows no member record.' });

export const MemberCreate = z
  .strictObject({
    uid: AccountUid.meta({ description: 'An existing account uid.' }),
    role: MemberRole.optional().meta({ description: 'Default 3 (member).' }),
    memberGroupIds: z
      .array(Id)
      .max(1000)
      .optional()
      .meta({ description: 'Member groups of this workspace.' }),
  })
  .meta({ id: 'MemberCreate' });

export const MemberModelPermissionItem = z
  .object({ memberUid: z.string(), modelPermission: ModelPermission })
  .meta({ id: 'MemberModelPermissionItem' });

export const MemberModelPermissionBatchInput = z
  .strictObject({
    memberModelPermission: z
      .array(z.strictObject({ memberUid: AccountUid, modelPermission: ModelPermissionInput }))
      .min(1)
      .max(1000),
  })
  .meta({
    id: 'MemberModelPermissionBatchInput',
    description: 'Batch form: sets the model permission of several members; the path member id is not used.',
  });

const members = `${API}/workspaces/{workspaceId}/members/` as const;
const MemberUidPath = WorkspacePath.extend({ member_uid: AccountUidRef });
const MemberIdPath = WorkspacePath.extend({ member_id: AccountUidRef });

export const memberOperations = {
  listMembers: defineOperation({
    method: 'get',
    path: members,
    tag: 'Members',
    extension: true,
    summary: 'List members',
    description: 'Answers the members of the workspace with their roles and model permission switches.',
    permission: 'workspace',
    storedDataRead: true,
    params: WorkspacePath,
    data: z.array(Member),
  }),
  addMember: defineOperation({
    method: 'post',
    path: members,
    tag: 'Members',
    extension: true,
    summary: 'Add an account as a member',
    description: 'A workspace has at most one owner (role 1); adding a second owner is a conflict.',
    permission: 'workspace',
    params: WorkspacePath,
    body: MemberCreate,
    data: Member,
    errors: [409],
  }),
  removeMember: defineOperation({
    method: 'delete',
    path: `${members}{member_uid}/`,
    tag: 'Members',
    extension: true,
    summary: 'Remove a member',
    description:
      'Removes the account from the workspace with its model permission; the account itself stays.',
    permission: 'workspace',
    params: MemberUidPath,
  }),
  getMemberModelPermissionSwitch: defineOperation({
    method: 'get',
    path: `${members}{member_uid}/enable-model-permission/`,
    tag: 'Members',
    summary: 'Get the model permission switch of a member',
    description: 'Answers whether model permission is on for the member.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberUidPath,
    data: ModelPermissionSwitch,
  }),
  setMemberModelPermissionSwitch: defineOperation({
    method: 'put',
    path: `${members}{member_uid}/enable-model-permission/`,
    tag: 'Members',
    summary: 'Switch model permission of a member on or off',
    description: 'The spec answers with the envelope only.',
    permission: 'workspace',
    params: MemberUidPath,
    body: ModelPermissionSwitchInput,
  }),
  getMemberModelPermission: defineOperation({
    method: 'get',
    path: `${members}{member_id}/model-permission/`,
    tag: 'Members',
    summary: 'Get the model permission of a member',
    description:
      'Answers the model permission setting of the member: `effect` and the model uids in `resource`.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberIdPath,
    data: ModelPermission,
  }),
  setMemberModelPermission: defineOperation({
    method: 'put',
    path: `${members}{member_id}/model-permission/`,
    tag: 'Members',
    summary: 'Set the model permission of a member, or of several (batch form)',
    description:
      'Single form: `{effect, resource}` for the member in the path, answered with the same shape. Batch form (same method and path, told apart by the `memberModelPermission` key): answered with the same array.',
    permission: 'workspace',
    params: MemberIdPath,
    body: z.union([ModelPermissionInput, MemberModelPermissionBatchInput]),
    data: z.union([ModelPermission, z.array(MemberModelPermissionItem)]),
  }),
};
