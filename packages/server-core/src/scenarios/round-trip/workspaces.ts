import { WorkspaceBatchEditItem, WorkspaceCreate, WorkspaceEdit } from '@wsadmin/contract';
import fc from 'fast-check';
import { it } from 'vitest';
import type { ScenarioClient } from '../../testing/scenario-client';
import { invalidField, validBodies } from './arbitraries';
import { assertProperty, type Canonical, expectAnswered, expectReadBack, expectRefusals } from './checks';

type Body = Record<string, unknown>;
type Workspace = { id: number } & Body;

/** docs/spec-gaps.md: names are trimmed. */
const canonical: Canonical = { name: (name) => String(name).trim() };

/**
 * The spec spells "hide numeric titles" `hc1` in the list and `hcl` in the detail; either is taken on
 * input, and when both are sent one wins (`hc1` on create, `hcl` on edit, see the contract). What
 * was sent, as the value that counts, under the spelling each read uses.
 */
function asRead(sent: Body, winner: 'hc1' | 'hcl', spelling: 'hc1' | 'hcl'): Body {
  const { hc1, hcl, ...rest } = sent;
  const value = winner === 'hc1' ? (hc1 ?? hcl) : (hcl ?? hc1);
  return value === undefined ? rest : { ...rest, [spelling]: value };
}

async function readBoth(
  client: ScenarioClient,
  operationId: string,
  winner: 'hc1' | 'hcl',
  sent: Body[],
  ids: number[],
) {
  const list = expectAnswered('listWorkspaces', await client.call('listWorkspaces')) as Workspace[];
  for (const [index, id] of ids.entries()) {
    const body = sent[index] ?? {};
    const detail = expectAnswered(
      'getWorkspace',
      await client.call('getWorkspace', { params: { workspaceId: id } }),
    );
    expectReadBack({ operationId, via: 'getWorkspace' }, asRead(body, winner, 'hcl'), detail, { canonical });
    const listed = list.find((workspace) => workspace.id === id);
    expectReadBack({ operationId, via: 'listWorkspaces' }, asRead(body, winner, 'hc1'), listed, {
      canonical,
    });
  }
}

async function stateOf(client: ScenarioClient): Promise<unknown> {
  return expectAnswered('listWorkspaces', await client.call('listWorkspaces'));
}

async function removeAll(client: ScenarioClient): Promise<void> {
  const list = (await stateOf(client)) as Workspace[];
  if (list.length > 0)
    expectAnswered(
      'deleteWorkspaces',
      await client.call('deleteWorkspaces', { body: { workspaceIds: list.map((w) => w.id) } }),
    );
}

const creates = validBodies(WorkspaceCreate);
const batchOf = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });

export function workspaceRoundTrips(client: ScenarioClient, runs: number): void {
  it('createWorkspace and createWorkspaces: every field sent is read back; answers match the contract', async () => {
    await removeAll(client);
    await assertProperty(
      fc.record({ one: creates, many: batchOf(creates) }),
      async ({ one, many }) => {
        try {
          const created = expectAnswered(
            'createWorkspace',
            await client.call('createWorkspace', { body: one }),
          ) as Workspace;
          await readBoth(client, 'createWorkspace', 'hc1', [one], [created.id]);
          const batch = expectAnswered(
            'createWorkspaces',
            await client.call('createWorkspaces', { body: { workspaces: many } }),
          ) as Workspace[];
          await readBoth(
            client,
            'createWorkspaces',
            'hc1',
            many,
            batch.map((w) => w.id),
          );
        } finally {
          await removeAll(client);
        }
      },
      runs,
    );
  });

  it('updateWorkspace and updateWorkspaces: every field sent is read back; answers match the contract', async () => {
    await removeAll(client);
    await assertProperty(
      fc.record({ one: validBodies(WorkspaceEdit), many: batchOf(validBodies(WorkspaceBatchEditItem)) }),
      async ({ one, many }) => {
        try {
          const made = expectAnswered(
            'createWorkspaces',
            await client.call('createWorkspaces', { body: { workspaces: many.map(() => ({})) } }),
          ) as Workspace[];
          const ids = made.map((w) => w.id);
          const id = ids[0] as number;
          // An `id` in the body must equal the path's: the generated one stands for that.
          const edit = one.id === undefined ? one : { ...one, id };
          expectAnswered(
            'updateWorkspace',
            await client.call('updateWorkspace', { params: { workspaceId: id }, body: edit }),
          );
          await readBoth(client, 'updateWorkspace', 'hcl', [edit], [id]);
          const items = many.map((item, index) => ({ ...item, id: ids[index] }));
          expectAnswered(
            'updateWorkspaces',
            await client.call('updateWorkspaces', { body: { workspaces: items } }),
          );
          await readBoth(client, 'updateWorkspaces', 'hcl', items, ids);
        } finally {
          await removeAll(client);
        }
      },
      runs,
    );
  });

  it('workspace writes: a body with one invalid field answers 400 naming it and changes nothing', async () => {
    await removeAll(client);
    const cases = fc.record({
      create: creates,
      createBad: invalidField(WorkspaceCreate),
      edit: validBodies(WorkspaceBatchEditItem),
      editBad: invalidField(WorkspaceEdit),
      batchBad: invalidField(WorkspaceBatchEditItem),
    });
    await assertProperty(
      cases,
      async ({ create, createBad, edit, editBad, batchBad }) => {
        try {
          const existing = expectAnswered(
            'createWorkspace',
            await client.call('createWorkspace', { body: {} }),
          ) as Workspace;
          const { id: _id, ...fields } = edit;
          await expectRefusals(
            client,
            [
              [
                'createWorkspace',
                `body.${createBad.field}`,
                { body: { ...create, [createBad.field]: createBad.value } },
              ],
              [
                'createWorkspaces',
                `body.workspaces.0.${createBad.field}`,
                { body: { workspaces: [{ ...create, [createBad.field]: createBad.value }] } },
              ],
              [
                'updateWorkspace',
                `body.${editBad.field}`,
                { params: { workspaceId: existing.id }, body: { ...fields, [editBad.field]: editBad.value } },
              ],
              [
                'updateWorkspaces',
                `body.workspaces.0.${batchBad.field}`,
                { body: { workspaces: [{ ...fields, id: existing.id, [batchBad.field]: batchBad.value }] } },
              ],
            ],
            () => stateOf(client),
          );
        } finally {
          await removeAll(client);
        }
      },
      runs,
    );
  });
}
