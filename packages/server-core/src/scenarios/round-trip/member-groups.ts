import {
  ModelPermissionInput,
  ModelPermissionSwitchInput,
  operations,
  RowPermissionSwitchInput,
} from '@wsadmin/contract';
import fc from 'fast-check';
import { it } from 'vitest';
import type { ScenarioClient } from '../../testing/scenario-client';
import type { Target } from '../../testing/target';
import { validBodies } from './arbitraries';
import { assertProperty, expectAnswered, expectReadBack } from './checks';
import { arrange, clean, pick } from './members';

/**
 * Member-group writes without references to dimensions: create (name trimmed, docs/spec-gaps.md),
 * both switches and the model permission. Row permission rules name dimensions: not covered yet.
 */
export function memberGroupRoundTrips(client: ScenarioClient, target: () => Target, runs: number): void {
  it('createMemberGroup and the group permission writes: every field sent is read back', async () => {
    await clean(client);
    const bodies = fc.record({
      group: validBodies(operations.createMemberGroup.body),
      modelSwitch: validBodies(ModelPermissionSwitchInput),
      rowSwitch: validBodies(RowPermissionSwitchInput),
      permission: validBodies(ModelPermissionInput),
    });
    await assertProperty(
      bodies,
      async ({ group, modelSwitch, rowSwitch, permission }) => {
        try {
          const { workspaceId, models } = await arrange(client, target);
          const made = expectAnswered(
            'createMemberGroup',
            await client.call('createMemberGroup', { params: { workspaceId }, body: group }),
          ) as { id: number };
          const list = expectAnswered(
            'listMemberGroups',
            await client.call('listMemberGroups', { params: { workspaceId } }),
          ) as Array<{ id: number }>;
          expectReadBack(
            { operationId: 'createMemberGroup', via: 'listMemberGroups' },
            group,
            list.find((each) => each.id === made.id),
            { canonical: { name: (name) => String(name).trim() } },
          );
          const params = { workspaceId, member_groups_pk: made.id };
          const writes = [
            ['setMemberGroupModelPermissionSwitch', 'getMemberGroupModelPermissionSwitch', modelSwitch],
            ['setMemberGroupRowPermissionSwitch', 'getMemberGroupRowPermissionSwitch', rowSwitch],
            [
              'setMemberGroupModelPermission',
              'getMemberGroupModelPermission',
              { ...permission, resource: pick(permission.resource, models) },
            ],
          ] as const;
          for (const [write, read, body] of writes) {
            expectAnswered(write, await client.call(write, { params, body }));
            const back = expectAnswered(read, await client.call(read, { params }));
            expectReadBack({ operationId: write, via: read }, body, back);
          }
        } finally {
          await clean(client);
        }
      },
      runs,
    );
  });
}
