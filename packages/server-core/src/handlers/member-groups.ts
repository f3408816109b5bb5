import type { MemberGroup as MemberGroupShape, memberGroupOperations } from '@wsadmin/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../errors';
import { toModelPermission, toRuleAnswer } from '../mappings/permissions';
import * as groups from '../sql/member-groups';
import { kyselyOf, type Reader } from '../storage/storage';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';
import { checkModelPermission, workspaceModels } from './model-permission-rules';
import { checkRowRules } from './row-permission-rules';

/** 404 naming the workspace when it is unknown, the group otherwise. */
async function requireGroup(reader: Reader, workspaceId: number, id: number): Promise<groups.MemberGroup> {
  await requireWorkspaceRow(reader, workspaceId);
  const group = await groups.findMemberGroup(kyselyOf(reader), workspaceId, id);
  if (!group) throw notFound(`member group ${id} in workspace ${workspaceId}`);
  return group;
}

const toMemberGroup = (group: groups.MemberGroup): z.input<typeof MemberGroupShape> => ({
  id: group.id,
  name: group.name,
});

const rowSetting = (group: groups.MemberGroup) => ({
  rowPermissionMode: group.rowPermissionMode,
  rowPermission: group.rowPermission.map(toRuleAnswer),
});

export const memberGroupHandlers: Handlers<keyof typeof memberGroupOperations> = {
  async listMemberGroups({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return (await groups.listMemberGroups(db, params.workspaceId)).map(toMemberGroup);
  },

  async createMemberGroup({ params, body }, { storage }) {
    const { workspaceId } = params;
    const taken = () =>
      conflict(`member group name "${body.name}" is already used in workspace ${workspaceId}`);
    return storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      if (await groups.findMemberGroupByName(trx, workspaceId, body.name)) throw taken();
      // Undefined when a concurrent create took the name between the check and the insert.
      const created = await groups.insertMemberGroup(trx, workspaceId, body.name);
      if (!created) throw taken();
      return toMemberGroup(created);
    });
  },

  async deleteMemberGroup({ params }, { storage }) {
    await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const group = await requireGroup(trx, params.workspaceId, params.member_groups_pk);
      await groups.deleteMemberGroup(trx, params.workspaceId, group.id);
    });
  },

  async getMemberGroupRowPermissionSwitch({ params }, { storage }) {
    const group = await requireGroup(storage, params.workspaceId, params.member_groups_pk);
    return { enableRowPermission: group.enableRowPermission };
  },

  async setMemberGroupRowPermissionSwitch({ params, body }, { storage }) {
    const group = await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const group = await requireGroup(trx, params.workspaceId, params.member_groups_pk);
      return groups.updateMemberGroup(trx, group, { enableRowPermission: body.enableRowPermission });
    });
    return { enableRowPermission: group.enableRowPermission };
  },

  async getMemberGroupRowPermission({ params }, { storage }) {
    return rowSetting(await requireGroup(storage, params.workspaceId, params.member_groups_pk));
  },

  async setMemberGroupRowPermission({ params, body }, { storage, signal }) {
    const group = await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const group = await requireGroup(trx, params.workspaceId, params.member_groups_pk);
      const rowPermission = await checkRowRules(trx, params.workspaceId, body.rowPermission, signal);
      return groups.updateMemberGroup(trx, group, {
        rowPermissionMode: body.rowPermissionMode,
        rowPermission,
      });
    });
    return rowSetting(group);
  },

  async getMemberGroupModelPermissionSwitch({ params }, { storage }) {
    const group = await requireGroup(storage, params.workspaceId, params.member_groups_pk);
    return { enableModelPermission: group.enableModelPermission };
  },

  async setMemberGroupModelPermissionSwitch({ params, body }, { storage }) {
    const group = await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const group = await requireGroup(trx, params.workspaceId, params.member_groups_pk);
      return groups.updateMemberGroup(trx, group, { enableModelPermission: body.enableModelPermission });
    });
    return { enableModelPermission: group.enableModelPermission };
  },

  async getMemberGroupModelPermission({ params }, { storage }) {
    return toModelPermission(
      (await requireGroup(storage, params.workspaceId, params.member_groups_pk)).modelPermission,
    );
  },

  async setMemberGroupModelPermission({ params, body }, { storage }) {
    const group = await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const group = await requireGroup(trx, params.workspaceId, params.member_groups_pk);
      const models = await workspaceModels(trx, params.workspaceId);
      const modelPermission = checkModelPermission(body, models, params.workspaceId, 'body.resource');
      return groups.updateMemberGroup(trx, group, { modelPermission });
    });
    return toModelPermission(group.modelPermission);
  },
};
