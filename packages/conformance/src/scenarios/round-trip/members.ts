import type { ScenarioTarget } from '../../scenario-target';
import { accounts, clean, freshWorkspace, memberGroups, models, pick, sameCase } from './arrange';
import { expectAnswered } from './checks';
import type { ResourceCase } from './resource';
import { type Body, bodySchema, branchWith } from './schemas';
import { readAt, type SettingGroup } from './settings';

type MemberCtx = { workspaceId: number; accounts: string[]; groups: number[] };

/**
 * docs/spec-gaps.md, Permissions, members, member groups: role 3 and no groups by default;
 * `memberGroupIds` answered ascending (the arranged groups are picked without repeats).
 */
export const memberCase: ResourceCase<MemberCtx> = {
  label: 'member',
  async arrange(client) {
    const { workspaceId } = await freshWorkspace(client);
    return { workspaceId, accounts: await accounts(client), groups: await memberGroups(client, workspaceId) };
  },
  clean,
  scope: (ctx) => ({ workspaceId: ctx.workspaceId }),
  key: { field: 'uid', param: 'member_uid' },
  create: { one: 'addMember', defaults: { role: 3, memberGroupIds: [] } },
  read: { list: 'listMembers' },
  asRead: (sent) => ({
    ...sent,
    memberGroupIds: [...(sent.memberGroupIds as number[])].sort((a, b) => a - b),
  }),
  aim: (body, ctx, index) => ({
    ...body,
    uid: sameCase(body.uid, ctx.accounts[index]),
    ...(Array.isArray(body.memberGroupIds) && { memberGroupIds: pick(body.memberGroupIds, ctx.groups) }),
  }),
};

type PermissionCtx = { workspaceId: number; accounts: string[]; models: string[] };

/** Model uids of a permission made to name arranged models. */
const aimPermission = (permission: Body, ctx: PermissionCtx) => ({
  ...permission,
  resource: pick(permission.resource as unknown[], ctx.models),
});

const first = (ctx: PermissionCtx) => ({
  workspaceId: ctx.workspaceId,
  member_id: ctx.accounts[0] as string,
});
const firstByUid = (ctx: PermissionCtx) => ({
  workspaceId: ctx.workspaceId,
  member_uid: ctx.accounts[0] as string,
});

/** The model permission writes of members, single and batch form, in a workspace with members and models. */
export function memberSettings(target: () => ScenarioTarget): SettingGroup<PermissionCtx> {
  return {
    label: 'member',
    async arrange(client) {
      const { workspaceId } = await freshWorkspace(client);
      const members = await accounts(client);
      for (const uid of members)
        expectAnswered(
          'addMember',
          await client.call('addMember', { params: { workspaceId }, body: { uid } }),
        );
      return { workspaceId, accounts: members, models: await models(target, workspaceId) };
    },
    clean,
    settings: [
      {
        write: 'setMemberModelPermissionSwitch',
        schema: bodySchema('setMemberModelPermissionSwitch'),
        params: firstByUid,
        readBack: readAt('getMemberModelPermissionSwitch', firstByUid),
      },
      {
        write: 'setMemberModelPermission',
        schema: bodySchema('setMemberModelPermission'),
        params: first,
        aim: aimPermission,
        readBack: readAt('getMemberModelPermission', first),
      },
      {
        // The batch form: each item's member reads its permission; the path member is not used.
        write: 'setMemberModelPermission',
        schema: branchWith('setMemberModelPermission', 'memberModelPermission'),
        params: first,
        aim: (body, ctx) => ({
          memberModelPermission: (body.memberModelPermission as Body[]).map((item, index) => ({
            memberUid: sameCase(item.memberUid, ctx.accounts[index % ctx.accounts.length]),
            modelPermission: aimPermission(item.modelPermission as Body, ctx),
          })),
        }),
        readBack: (sent, ctx) =>
          (sent.memberModelPermission as Body[]).map((item) => ({
            via: 'getMemberModelPermission',
            params: { workspaceId: ctx.workspaceId, member_id: item.memberUid as string },
            want: item.modelPermission as Body,
          })),
      },
    ],
  };
}
