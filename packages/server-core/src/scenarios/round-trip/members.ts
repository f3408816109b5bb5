import { MemberCreate, ModelPermissionInput, ModelPermissionSwitchInput } from '@wsadmin/contract';
import fc from 'fast-check';
import { it } from 'vitest';
import type { ScenarioClient } from '../../testing/scenario-client';
import type { Target } from '../../testing/target';
import { invalidField, validBodies } from './arbitraries';
import { assertProperty, type Canonical, expectAnswered, expectReadBack, expectRefusals } from './checks';

type Body = Record<string, unknown>;

/** docs/spec-gaps.md: account uids are answered in lower case. */
const canonical: Canonical = { uid: (uid) => String(uid).toLowerCase() };

/** How many of each referenced thing a run arranges; generated references are mapped onto them. */
const REFERENCES = 3;

/**
 * A workspace with accounts, member groups and models to refer to. Generated bodies name things
 * that exist nowhere (random uids and ids), so references are mapped onto these, keeping the
 * generated letter case of uids and the generated list lengths.
 */
export async function arrange(client: ScenarioClient, target: () => Target) {
  const workspace = expectAnswered('createWorkspace', await client.call('createWorkspace', { body: {} })) as {
    id: number;
  };
  const workspaceId = workspace.id;
  const accounts = expectAnswered(
    'createAccounts',
    await client.call('createAccounts', {
      body: { accounts: Array.from({ length: REFERENCES }, () => ({})) },
    }),
  ) as Array<{ uid: string }>;
  const groups: number[] = [];
  const models: string[] = [];
  for (let index = 0; index < REFERENCES; index++) {
    const group = expectAnswered(
      'createMemberGroup',
      await client.call('createMemberGroup', { params: { workspaceId }, body: { name: `group ${index}` } }),
    ) as { id: number };
    groups.push(group.id);
    models.push((await target().seedModel(workspaceId, { name: `model ${index}`, dimensions: [] })).uid);
  }
  return { workspaceId, uids: accounts.map((account) => account.uid), groups, models };
}

export async function clean(client: ScenarioClient): Promise<void> {
  const workspaces = expectAnswered('listWorkspaces', await client.call('listWorkspaces')) as Array<{
    id: number;
  }>;
  if (workspaces.length > 0)
    expectAnswered(
      'deleteWorkspaces',
      await client.call('deleteWorkspaces', { body: { workspaceIds: workspaces.map((w) => w.id) } }),
    );
  const accounts = expectAnswered('listAccounts', await client.call('listAccounts')) as Array<{
    uid: string;
  }>;
  if (accounts.length > 0)
    expectAnswered(
      'deleteAccounts',
      await client.call('deleteAccounts', { body: { accountUids: accounts.map((a) => a.uid) } }),
    );
}

const sameCase = (generated: unknown, real: string) =>
  String(generated) === String(generated).toUpperCase() ? real.toUpperCase() : real;

/** Distinct references, as many as were generated (up to what was arranged). */
export const pick = <T>(generated: unknown[], real: T[]) =>
  real.slice(0, Math.min(generated.length, real.length));

export function memberRoundTrips(client: ScenarioClient, target: () => Target, runs: number): void {
  it('addMember and the model permission writes: every field sent is read back; answers match the contract', async () => {
    await clean(client);
    const bodies = fc.record({
      member: validBodies(MemberCreate),
      permission: validBodies(ModelPermissionInput),
      permissionSwitch: validBodies(ModelPermissionSwitchInput),
    });
    await assertProperty(
      bodies,
      async ({ member, permission, permissionSwitch }) => {
        try {
          const { workspaceId, uids, groups, models } = await arrange(client, target);
          const uid = uids[0] as string;
          const sent: Body = {
            ...member,
            uid: sameCase(member.uid, uid),
            ...(member.memberGroupIds && { memberGroupIds: pick(member.memberGroupIds, groups) }),
          };
          expectAnswered(
            'addMember',
            await client.call('addMember', { params: { workspaceId }, body: sent }),
          );
          const list = expectAnswered(
            'listMembers',
            await client.call('listMembers', { params: { workspaceId } }),
          );
          const listed = (list as Array<{ uid: string }>).find((m) => m.uid === uid);
          expectReadBack({ operationId: 'addMember', via: 'listMembers' }, sent, listed, { canonical });

          const memberPath = { workspaceId, member_uid: uid };
          expectAnswered(
            'setMemberModelPermissionSwitch',
            await client.call('setMemberModelPermissionSwitch', {
              params: memberPath,
              body: permissionSwitch,
            }),
          );
          const switched = expectAnswered(
            'getMemberModelPermissionSwitch',
            await client.call('getMemberModelPermissionSwitch', { params: memberPath }),
          );
          const where = {
            operationId: 'setMemberModelPermissionSwitch',
            via: 'getMemberModelPermissionSwitch',
          };
          expectReadBack(where, permissionSwitch, switched);

          const rights = { ...permission, resource: pick(permission.resource, models) };
          const idPath = { workspaceId, member_id: uid };
          expectAnswered(
            'setMemberModelPermission',
            await client.call('setMemberModelPermission', { params: idPath, body: rights }),
          );
          const read = expectAnswered(
            'getMemberModelPermission',
            await client.call('getMemberModelPermission', { params: idPath }),
          );
          expectReadBack(
            { operationId: 'setMemberModelPermission', via: 'getMemberModelPermission' },
            rights,
            read,
          );
        } finally {
          await clean(client);
        }
      },
      runs,
    );
  });

  it('member writes: a body with one invalid field answers 400 naming it and changes nothing', async () => {
    await clean(client);
    const cases = fc.record({
      memberBad: invalidField(MemberCreate),
      permissionBad: invalidField(ModelPermissionInput),
      switchBad: invalidField(ModelPermissionSwitchInput),
    });
    await assertProperty(
      cases,
      async ({ memberBad, permissionBad, switchBad }) => {
        try {
          const { workspaceId, uids, models } = await arrange(client, target);
          const [member, outsider] = uids as [string, string];
          expectAnswered(
            'addMember',
            await client.call('addMember', { params: { workspaceId }, body: { uid: member } }),
          );
          const state = async () => [
            expectAnswered('listMembers', await client.call('listMembers', { params: { workspaceId } })),
            expectAnswered(
              'getMemberModelPermission',
              await client.call('getMemberModelPermission', { params: { workspaceId, member_id: member } }),
            ),
            expectAnswered(
              'getMemberModelPermissionSwitch',
              await client.call('getMemberModelPermissionSwitch', {
                params: { workspaceId, member_uid: member },
              }),
            ),
          ];
          const permission = { effect: 'allow', resource: models.slice(0, 1) };
          await expectRefusals(
            client,
            [
              [
                'addMember',
                `body.${memberBad.field}`,
                { params: { workspaceId }, body: { uid: outsider, [memberBad.field]: memberBad.value } },
              ],
              [
                'setMemberModelPermission',
                `body.${permissionBad.field}`,
                {
                  params: { workspaceId, member_id: member },
                  body: { ...permission, [permissionBad.field]: permissionBad.value },
                },
              ],
              [
                'setMemberModelPermissionSwitch',
                `body.${switchBad.field}`,
                { params: { workspaceId, member_uid: member }, body: { [switchBad.field]: switchBad.value } },
              ],
            ],
            state,
          );
        } finally {
          await clean(client);
        }
      },
      runs,
    );
  });
}
