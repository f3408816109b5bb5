import type { z } from 'zod';
import type { ModelPermissionInput, RowPermissionRuleInput } from '../resources/permissions';
import type { ExamplesOf } from './example';
import { exampleKeywords, exampleWorld } from './values';

/** Member groups and members of the example workspace, with their row and model permissions. */
const { workspace, memberGroup, account, peer } = exampleWorld;
const params = { workspaceId: workspace.id };
const groupParams = { ...params, member_groups_pk: memberGroup.id };
const rule = {
  effect: 'allow',
  resource: exampleKeywords.dimension,
  values: ['EMEA', 'APAC'],
  operator: 'equal',
} satisfies z.input<typeof RowPermissionRuleInput>;
/** No model exists in the example workspace: the model lists are empty. */
const modelPermission: z.input<typeof ModelPermissionInput> = { effect: 'deny', resource: [] };

export const memberGroupExamples = {
  listMemberGroups: { params, data: [memberGroup] },
  createMemberGroup: { params, body: { name: 'Managers' }, data: { id: 2, name: 'Managers' } },
  deleteMemberGroup: { params: groupParams },
  getMemberGroupRowPermissionSwitch: { params: groupParams, data: { enableRowPermission: false } },
  setMemberGroupRowPermissionSwitch: {
    params: groupParams,
    body: { enableRowPermission: true },
    data: { enableRowPermission: true },
  },
  getMemberGroupRowPermission: { params: groupParams, data: { rowPermissionMode: 1, rowPermission: [] } },
  setMemberGroupRowPermission: {
    params: groupParams,
    body: { rowPermissionMode: 1, rowPermission: [rule] },
    data: { rowPermissionMode: 1, rowPermission: [{ ...rule, resourceLabel: exampleKeywords.dimension }] },
  },
  getMemberGroupModelPermissionSwitch: { params: groupParams, data: { enableModelPermission: false } },
  setMemberGroupModelPermissionSwitch: {
    params: groupParams,
    body: { enableModelPermission: true },
    data: { enableModelPermission: true },
  },
  getMemberGroupModelPermission: { params: groupParams, data: modelPermission },
  setMemberGroupModelPermission: { params: groupParams, body: modelPermission, data: modelPermission },
} satisfies ExamplesOf<
  | 'listMemberGroups'
  | 'createMemberGroup'
  | 'deleteMemberGroup'
  | 'getMemberGroupRowPermissionSwitch'
  | 'setMemberGroupRowPermissionSwitch'
  | 'getMemberGroupRowPermission'
  | 'setMemberGroupRowPermission'
  | 'getMemberGroupModelPermissionSwitch'
  | 'setMemberGroupModelPermissionSwitch'
  | 'getMemberGroupModelPermission'
  | 'setMemberGroupModelPermission'
>;

const memberParams = { ...params, member_uid: account.uid };
const memberIdParams = { ...params, member_id: account.uid };

export const memberExamples = {
  listMembers: { params, data: [{ uid: account.uid, role: 2, memberGroupIds: [memberGroup.id] }] },
  addMember: {
    params,
    body: { uid: peer.uid, role: 3, memberGroupIds: [memberGroup.id] },
    data: { uid: peer.uid, role: 3, memberGroupIds: [memberGroup.id] },
  },
  removeMember: { params: memberParams },
  getMemberModelPermissionSwitch: { params: memberParams, data: { enableModelPermission: false } },
  setMemberModelPermissionSwitch: { params: memberParams, body: { enableModelPermission: true } },
  getMemberModelPermission: { params: memberIdParams, data: modelPermission },
  setMemberModelPermission: { params: memberIdParams, body: modelPermission, data: modelPermission },
} satisfies ExamplesOf<
  | 'listMembers'
  | 'addMember'
  | 'removeMember'
  | 'getMemberModelPermissionSwitch'
  | 'setMemberModelPermissionSwitch'
  | 'getMemberModelPermission'
  | 'setMemberModelPermission'
>;
