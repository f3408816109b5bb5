import type { Member as MemberShape, memberOperations } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { conflict, notFound } from '../errors';
import { toModelPermission } from '../mappings/permissions';
import { findMemberGroup } from '../sql/member-groups';
import * as members from '../sql/members';
import type { Schema } from '../storage/schema';
import { kyselyOf, type Reader } from '../storage/storage';
import { forEachItem } from './batch';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';
import { checkModelPermission, workspaceModels } from './model-permission-rules';

type Db = Kysely<Schema>;

/** For a workspace already known to exist. */
async function requireMemberOf(db: Db, workspaceId: number, uid: string): Promise<members.Member> {
  const member = await members.findMember(db, workspaceId, uid);
  if (!member) throw notFound(`member ${uid} in workspace ${workspaceId}`);
  return member;
}

/** 404 naming the workspace when it is unknown, the member otherwise. */
async function requireMember(reader: Reader, workspaceId: number, uid: string): Promise<members.Member> {
  await requireWorkspaceRow(reader, workspaceId);
  return requireMemberOf(kyselyOf(reader), workspaceId, uid);
}

const toMember = (member: members.Member): z.input<typeof MemberShape> => ({
  uid: member.uid,
  role: member.role,
  memberGroupIds: member.memberGroupIds,
});

export const memberHandlers: Handlers<keyof typeof memberOperations> = {
  async listMembers({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return (await members.listMembers(db, params.workspaceId)).map(toMember);
  },

  async addMember({ params, body }, { storage, clock, signal }) {
    const { workspaceId } = params;
    const { uid, role = 3, memberGroupIds = [] } = body;
    const now = clock.now();
    return storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      if (!(await members.accountExists(trx, uid))) throw notFound(`account ${uid}`);
      await forEachItem(
        'memberGroupIds',
        memberGroupIds,
        async (id) => {
          if (!(await findMemberGroup(trx, workspaceId, id))) {
            throw notFound(`member group ${id} in workspace ${workspaceId}`);
          }
        },
        signal,
      );
      if (await members.findMember(trx, workspaceId, uid)) {
        throw conflict(`account ${uid} is already a member of workspace ${workspaceId}`);
      }
      const owner = role === members.OWNER_ROLE ? await members.findOwnerUid(trx, workspaceId) : undefined;
      if (owner !== undefined) {
        throw conflict(`workspace ${workspaceId} already has an owner (${owner}); a workspace has one owner`);
      }
      // Accounts are not under the workspace's lock: one deleted since the check above is a 404 too.
      const added = await members
        .insertMember(trx, { workspaceId, uid, role, memberGroupIds }, now)
        .catch((error: unknown) => {
          if (members.isMissingAccount(error)) throw notFound(`account ${uid}`);
          throw error;
        });
      // Undefined when a concurrent request added the same account or another owner after the checks.
      if (!added) throw conflict(`account ${uid} could not be added to workspace ${workspaceId}: retry`);
      return toMember(added);
    });
  },

  async removeMember({ params }, { storage }) {
    await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const member = await requireMember(trx, params.workspaceId, params.member_uid);
      await members.deleteMember(trx, params.workspaceId, member.uid);
    });
  },

  async getMemberModelPermissionSwitch({ params }, { storage }) {
    const member = await requireMember(storage, params.workspaceId, params.member_uid);
    return { enableModelPermission: member.enableModelPermission };
  },

  async setMemberModelPermissionSwitch({ params, body }, { storage }) {
    await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      const member = await requireMember(trx, params.workspaceId, params.member_uid);
      await members.updateMember(trx, member, { enableModelPermission: body.enableModelPermission });
    });
  },

  async getMemberModelPermission({ params }, { storage }) {
    return toModelPermission(
      (await requireMember(storage, params.workspaceId, params.member_id)).modelPermission,
    );
  },

  async setMemberModelPermission({ params, body }, { storage, signal }) {
    const { workspaceId } = params;
    return storage.writeTransaction({ workspaceIds: [workspaceId] }, async (trx) => {
      await requireWorkspaceRow(trx, workspaceId);
      const models = await workspaceModels(trx, workspaceId);
      if (!('memberModelPermission' in body)) {
        const member = await requireMemberOf(trx, workspaceId, params.member_id);
        const modelPermission = checkModelPermission(body, models, workspaceId, 'body.resource');
        return toModelPermission(
          (await members.updateMember(trx, member, { modelPermission })).modelPermission,
        );
      }
      // Batch form: the members are named in the body; the path member is not used.
      return forEachItem(
        'memberModelPermission',
        body.memberModelPermission,
        async (item) => {
          const member = await requireMemberOf(trx, workspaceId, item.memberUid);
          const permission = checkModelPermission(
            item.modelPermission,
            models,
            workspaceId,
            'modelPermission.resource',
          );
          const updated = await members.updateMember(trx, member, { modelPermission: permission });
          return { memberUid: updated.uid, modelPermission: toModelPermission(updated.modelPermission) };
        },
        signal,
      );
    });
  },
};
