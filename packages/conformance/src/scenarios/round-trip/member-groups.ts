import type { ScenarioTarget } from '../../scenario-target';
import { clean, dimensions, freshWorkspace, models, pick } from './arrange';
import { expectAnswered } from './checks';
import type { ResourceCase } from './resource';
import { type Body, bodySchema } from './schemas';
import { readAt, type SettingGroup } from './settings';

export const memberGroupCase: ResourceCase<{ workspaceId: number }> = {
  label: 'member group',
  arrange: freshWorkspace,
  clean,
  scope: (ctx) => ({ workspaceId: ctx.workspaceId }),
  key: { field: 'id', param: 'member_groups_pk' },
  create: { one: 'createMemberGroup' },
  read: { list: 'listMemberGroups' },
};

type GroupCtx = { workspaceId: number; group: number; keywords: string[]; models: string[] };

const path = (ctx: GroupCtx) => ({ workspaceId: ctx.workspaceId, member_groups_pk: ctx.group });

/**
 * Rules made to name arranged dimensions (by keyword) and models (each holds every dimension).
 * docs/spec-gaps.md: the legacy `modelUid` reads back as `modelUids: [modelUid]`, and each rule
 * carries `resourceLabel`, the keyword.
 */
function aimRules(body: Body, ctx: GroupCtx): Body {
  const rules = (body.rowPermission as Body[]).map((rule, index) => ({
    ...rule,
    resource: ctx.keywords[index % ctx.keywords.length],
    ...(Array.isArray(rule.modelUids) && { modelUids: pick(rule.modelUids, ctx.models) }),
    ...(rule.modelUid !== undefined && { modelUid: ctx.models[0] }),
  }));
  return { ...body, rowPermission: rules };
}

function rulesAsRead(sent: Body): Body {
  const rules = (sent.rowPermission as Body[]).map(({ modelUid, modelUids, ...rule }) => ({
    ...rule,
    resourceLabel: rule.resource,
    ...(modelUids !== undefined ? { modelUids } : modelUid !== undefined ? { modelUids: [modelUid] } : {}),
  }));
  return { ...sent, rowPermission: rules };
}

/** The switches and permissions of a member group, in a workspace with dimensions and models. */
export function memberGroupSettings(target: () => ScenarioTarget): SettingGroup<GroupCtx> {
  return {
    label: 'member group',
    async arrange(client) {
      const { workspaceId } = await freshWorkspace(client);
      const body = { name: 'group' };
      const made = expectAnswered(
        'createMemberGroup',
        await client.call('createMemberGroup', { params: { workspaceId }, body }),
      ) as { id: number };
      const { ids, keywords } = await dimensions(client, workspaceId);
      return { workspaceId, group: made.id, keywords, models: await models(target, workspaceId, ids) };
    },
    clean,
    settings: [
      {
        write: 'setMemberGroupModelPermissionSwitch',
        schema: bodySchema('setMemberGroupModelPermissionSwitch'),
        params: path,
        readBack: readAt('getMemberGroupModelPermissionSwitch', path),
      },
      {
        write: 'setMemberGroupRowPermissionSwitch',
        schema: bodySchema('setMemberGroupRowPermissionSwitch'),
        params: path,
        readBack: readAt('getMemberGroupRowPermissionSwitch', path),
      },
      {
        write: 'setMemberGroupModelPermission',
        schema: bodySchema('setMemberGroupModelPermission'),
        params: path,
        aim: (body, ctx) => ({ ...body, resource: pick(body.resource as unknown[], ctx.models) }),
        readBack: readAt('getMemberGroupModelPermission', path),
      },
      {
        write: 'setMemberGroupRowPermission',
        schema: bodySchema('setMemberGroupRowPermission'),
        params: path,
        // The legacy `modelUid` together with `modelUids` is refused by design (docs/spec-gaps.md).
        valid: (body) =>
          (body.rowPermission as Body[]).every(
            (rule) => rule.modelUid === undefined || rule.modelUids === undefined,
          ),
        aim: aimRules,
        readBack: (sent, ctx) => readAt('getMemberGroupRowPermission', path)(rulesAsRead(sent), ctx),
      },
    ],
  };
}
