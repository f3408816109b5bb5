import {
  type ManagementCollection,
  managementKinds,
  managementOperationIds,
  type OperationId,
} from '@wsadmin/contract';
import fc from 'fast-check';
import { it } from 'vitest';
import type { ScenarioClient } from '../../testing/scenario-client';
import { invalidField, validBodies } from './arbitraries';
import { assertProperty, type Canonical, expectAnswered, expectReadBack, expectRefusals } from './checks';

type Body = Record<string, unknown>;
type Detail = { id: number; definition: Body; revision: string };

/**
 * The kinds whose definitions refer to no other object, so any valid generated change can be
 * committed in an empty workspace. Kinds with references (dimensions' base fields, measures,
 * dimension tables, models, datasets' source bindings) need arranged objects: not covered yet.
 */
const KINDS: readonly ManagementCollection[] = ['time-series', 'corpus', 'sops'];

/** docs/spec-gaps.md: names and titles are trimmed, list entries one by one. */
const trim = (value: unknown) => String(value).trim();
const trimEach = (value: unknown) => (value as unknown[]).map(trim);
const canonical: Canonical = { names: trimEach, title: trim, name: trim, tags: trimEach };

async function commit(
  client: ScenarioClient,
  kind: ManagementCollection,
  workspaceId: number,
  change: { action: 'create' | 'update'; targetId?: number; revision?: string; changes: Body },
): Promise<{ id: number }> {
  const ops = managementOperationIds[kind];
  const preview = expectAnswered(
    ops.preview,
    await client.call(ops.preview, { params: { workspaceId }, body: change }),
  ) as { planToken: string };
  const verb = change.action;
  const params = change.targetId === undefined ? { workspaceId } : { workspaceId, id: change.targetId };
  return expectAnswered(
    ops[verb],
    await client.call(ops[verb] as OperationId, {
      params,
      body: { changes: change.changes, planToken: preview.planToken },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  ) as { id: number };
}

/** The list's label of an object: its keyword, name or title (as `queries/objects.ts` picks it). */
function summaryName(definition: Body): unknown {
  return (definition.names as unknown[] | undefined)?.[0] ?? definition.name ?? definition.title;
}

/**
 * The detail holds the whole definition, so every field sent is read there; the list holds
 * summaries, which must agree with the detail (label and revision).
 */
async function readBoth(
  client: ScenarioClient,
  kind: ManagementCollection,
  operationId: string,
  sent: Body,
  where: { id: number; workspaceId: number },
) {
  const ops = managementOperationIds[kind];
  const detail = expectAnswered(ops.get, await client.call(ops.get, { params: where })) as Detail;
  expectReadBack({ operationId, via: ops.get }, sent, detail.definition, { canonical });
  const list = expectAnswered(
    ops.list,
    await client.call(ops.list, { params: { workspaceId: where.workspaceId } }),
  ) as Detail[];
  const summary = { name: summaryName(detail.definition), revision: detail.revision };
  expectReadBack(
    { operationId, via: ops.list },
    summary,
    list.find((item) => item.id === where.id),
  );
  return detail;
}

async function freshWorkspace(client: ScenarioClient): Promise<number> {
  return (
    expectAnswered('createWorkspace', await client.call('createWorkspace', { body: {} })) as { id: number }
  ).id;
}

async function dropWorkspace(client: ScenarioClient, workspaceId: number): Promise<void> {
  expectAnswered('deleteWorkspace', await client.call('deleteWorkspace', { params: { workspaceId } }));
}

export function managementRoundTrips(client: ScenarioClient, runs: number): void {
  for (const kind of KINDS) {
    const { createChanges, updateChanges } = managementKinds[kind];
    const ops = managementOperationIds[kind];

    it(`${ops.create} and ${ops.update}: every field committed is read back; answers match the contract`, async () => {
      await assertProperty(
        fc.record({ created: validBodies(createChanges), updated: validBodies(updateChanges) }),
        async ({ created, updated }) => {
          const workspaceId = await freshWorkspace(client);
          try {
            const { id } = await commit(client, kind, workspaceId, { action: 'create', changes: created });
            const detail = await readBoth(client, kind, ops.create, created, { id, workspaceId });
            await commit(client, kind, workspaceId, {
              action: 'update',
              targetId: id,
              revision: detail.revision,
              changes: updated,
            });
            await readBoth(client, kind, ops.update, updated, { id, workspaceId });
          } finally {
            await dropWorkspace(client, workspaceId);
          }
        },
        runs,
      );
    });

    it(`${ops.preview}: a change with one invalid field answers 400 naming it and changes nothing`, async () => {
      await assertProperty(
        fc.record({ created: validBodies(createChanges), bad: invalidField(updateChanges) }),
        async ({ created, bad }) => {
          const workspaceId = await freshWorkspace(client);
          try {
            const { id } = await commit(client, kind, workspaceId, { action: 'create', changes: created });
            const state = async () =>
              expectAnswered(ops.list, await client.call(ops.list, { params: { workspaceId } }));
            const detail = expectAnswered(
              ops.get,
              await client.call(ops.get, { params: { workspaceId, id } }),
            ) as Detail;
            const changes = { ...created, [bad.field]: bad.value };
            await expectRefusals(
              client,
              [
                [
                  ops.preview,
                  `body.changes.${bad.field}`,
                  { params: { workspaceId }, body: { action: 'create', changes } },
                ],
                [
                  ops.preview,
                  `body.changes.${bad.field}`,
                  {
                    params: { workspaceId },
                    body: {
                      action: 'update',
                      targetId: id,
                      revision: detail.revision,
                      changes: { [bad.field]: bad.value },
                    },
                  },
                ],
                [
                  ops.create,
                  `body.changes.${bad.field}`,
                  {
                    params: { workspaceId },
                    body: { changes, planToken: 'x'.repeat(16) },
                    headers: { 'Idempotency-Key': crypto.randomUUID() },
                  },
                ],
              ],
              state,
            );
          } finally {
            await dropWorkspace(client, workspaceId);
          }
        },
        runs,
      );
    });
  }
}
