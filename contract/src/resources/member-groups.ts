import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { Id, IdParam, NonEmptyShortText } from '../primitives';
import { API, WorkspacePath } from './common';
import {
  ModelPermission,
  ModelPermissionInput,
  ModelPermissionSwitch,
  ModelPermissionSwitchInput,
  RowPermissionSetting,
  RowPermissionSettingInput,
  RowPermissionSwitch,
  RowPermissionSwitchInput,
} from './permissions';

export const MemberGroup = z.object({ id: Id, name: z.string() }).meta({
  id: 'MemberGroup',
  description: 'Reference-server extension: the spec shows no member-group record.',
});

const MemberGroupPath = WorkspacePath.extend({ member_groups_pk: IdParam });
const groups = `${API}/workspaces/{workspaceId}/member-groups/` as const;
const group = `${groups}{member_groups_pk}/` as const;

export const memberGroupOperations = {
  listMemberGroups: defineOperation({
    method: 'get',
    path: groups,
    tag: 'Member groups',
    extension: true,
    summary: 'List member groups',
    description: 'Answers the member groups of the workspace with their permission switches.',
    permission: 'workspace',
    storedDataRead: true,
    params: WorkspacePath,
    data: z.array(MemberGroup),
  }),
  createMemberGroup: defineOperation({
    method: 'post',
    path: groups,
    tag: 'Member groups',
    extension: true,
    summary: 'Create a member group',
    description:
      'Creates a member group with both permission switches off; the name must be unused in the workspace.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ name: NonEmptyShortText }),
    data: MemberGroup,
    errors: [409],
  }),
  deleteMemberGroup: defineOperation({
    method: 'delete',
    path: group,
    tag: 'Member groups',
    extension: true,
    summary: 'Delete a member group',
    description: 'Deletes a member group with its row and model permission settings.',
    permission: 'workspace',
    params: MemberGroupPath,
  }),
  getMemberGroupRowPermissionSwitch: defineOperation({
    method: 'get',
    path: `${group}enable-row-permission/`,
    tag: 'Member groups',
    summary: 'Get the row permission switch of a member group',
    description: 'Answers whether row permission is on for the member group.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberGroupPath,
    data: RowPermissionSwitch,
  }),
  setMemberGroupRowPermissionSwitch: defineOperation({
    method: 'put',
    path: `${group}enable-row-permission/`,
    tag: 'Member groups',
    summary: 'Switch row permission of a member group on or off',
    description: 'Sets the row permission switch of the member group to the given value; the rules are kept.',
    permission: 'workspace',
    params: MemberGroupPath,
    body: RowPermissionSwitchInput,
    data: RowPermissionSwitch,
  }),
  getMemberGroupRowPermission: defineOperation({
    method: 'get',
    path: `${group}row-permission/`,
    tag: 'Member groups',
    summary: 'Get the row permission rules of a member group',
    description:
      'Answers the row permission rules of the member group, each with the label of its dimension, and the mode.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberGroupPath,
    data: RowPermissionSetting,
  }),
  setMemberGroupRowPermission: defineOperation({
    method: 'put',
    path: `${group}row-permission/`,
    tag: 'Member groups',
    summary: 'Replace the row permission rules of a member group',
    description:
      'Each rule: `effect` allow|deny, `resource` a dimension keyword of the workspace, `operator` one of five, `modelUids` non-empty when given, each model existing and containing the dimension.',
    permission: 'workspace',
    params: MemberGroupPath,
    body: RowPermissionSettingInput,
    data: RowPermissionSetting,
  }),
  getMemberGroupModelPermissionSwitch: defineOperation({
    method: 'get',
    path: `${group}enable-model-permission/`,
    tag: 'Member groups',
    summary: 'Get the model permission switch of a member group',
    description: 'Answers whether model permission is on for the member group.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberGroupPath,
    data: ModelPermissionSwitch,
  }),
  setMemberGroupModelPermissionSwitch: defineOperation({
    method: 'put',
    path: `${group}enable-model-permission/`,
    tag: 'Member groups',
    summary: 'Switch model permission of a member group on or off',
    description:
      'Sets the model permission switch of the member group to the given value; the setting is kept.',
    permission: 'workspace',
    params: MemberGroupPath,
    body: ModelPermissionSwitchInput,
    data: ModelPermissionSwitch,
  }),
  getMemberGroupModelPermission: defineOperation({
    method: 'get',
    path: `${group}model-permission/`,
    tag: 'Member groups',
    summary: 'Get the model permission of a member group',
    description:
      'Answers the model permission setting of the member group: `effect` and the model uids in `resource`.',
    permission: 'workspace',
    storedDataRead: true,
    params: MemberGroupPath,
    data: ModelPermission,
  }),
  setMemberGroupModelPermission: defineOperation({
    method: 'put',
    path: `${group}model-permission/`,
    tag: 'Member groups',
    summary: 'Set the model permission of a member group',
    description:
      'Replaces the model permission setting of the member group; every model uid must name a model of the workspace.',
    permission: 'workspace',
    params: MemberGroupPath,
    body: ModelPermissionInput,
    data: ModelPermission,
  }),
};
