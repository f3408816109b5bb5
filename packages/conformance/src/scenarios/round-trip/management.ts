import {
  type ManagementCollection,
  managementCollections,
  managementKinds,
  managementOperationIds,
  type OperationId,
  operations,
} from '@wsadmin/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import type { ScenarioClient } from '../../client';
import { it } from '../../test-api';
import { invalidField, validBodies } from './arbitraries';
import { freshWorkspace, pick, REFERENCES } from './arrange';
import {
  assertProperty,
  expectAnswered,
  expectReadBack,
  expectRefusals,
  propertySeed,
  type Refusal,
} from './checks';
import { asAnswered, type Body, canonicalOf } from './schemas';

/**
 * Management commits of every kind the contract declares (a new kind is covered without editing
 * this file): a generated create, then a generated update of it, each previewed and committed and
 * read back through the commit's answer, the detail and the list; and changes with one invalid
 * field refused. Reference fields (the kind's `references`) are mapped onto objects of the kinds
 * they point at, arranged first through the same interface.
 */

type Kind = (typeof managementKinds)[ManagementCollection];
type Detail = { id: number; definition: Body; revision: string };
type References = Record<string, number[]>;
type Committed = { id: number; revision: string; definition: Body };

const kindOf = (collection: ManagementCollection) => managementKinds[collection] as Kind;

async function commit(
  client: ScenarioClient,
  collection: ManagementCollection,
  workspaceId: number,
  change: { action: 'create' | 'update'; targetId?: number; revision?: string; changes: Body },
): Promise<Committed> {
  const ops = managementOperationIds[collection];
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
  ) as Committed;
}

/** Each reference field of `body` pointing at arranged objects (a list keeps its length, up to them). */
function aim(collection: ManagementCollection, body: Body, arranged: References): Body {
  const aimed = { ...body };
  for (const [field, pointsAt] of Object.entries(kindOf(collection).references)) {
    const ids = arranged[pointsAt] ?? [];
    const value = aimed[field];
    if (Array.isArray(value)) aimed[field] = pick(value, ids);
    else if (value !== undefined && value !== null) aimed[field] = ids[0];
  }
  return aimed;
}

/** A create of `collection` that refers to nothing, from a generated one (the keyword made unique). */
function referenceFree(collection: ManagementCollection, index: number): Body {
  const kind = kindOf(collection);
  const [generated] = fc.sample(validBodies(kind.createChanges), {
    seed: propertySeed() + index,
    numRuns: 1,
  });
  const body: Body = { ...(generated as Body) };
  for (const field of Object.keys(kind.references)) if (Array.isArray(body[field])) body[field] = [];
  if (kind.uniqueKeyword) body.names = [`reference ${index}`];
  return body;
}

/** `REFERENCES` objects of each kind `collection` refers to: their ids by kind. */
async function arrangeReferences(
  client: ScenarioClient,
  collection: ManagementCollection,
  workspaceId: number,
): Promise<References> {
  const arranged: References = {};
  for (const pointsAt of new Set(Object.values(kindOf(collection).references))) {
    const target = pointsAt as ManagementCollection;
    const ids: number[] = [];
    for (let index = 0; index < REFERENCES; index++)
      ids.push(
        (
          await commit(client, target, workspaceId, {
            action: 'create',
            changes: referenceFree(target, index),
          })
        ).id,
      );
    arranged[pointsAt] = ids;
  }
  return arranged;
}

/**
 * The detail holds the whole definition, so it must read `want` (with the commit's answer); the
 * list holds summaries, which must agree with the detail (label and revision).
 */
async function readBack(
  client: ScenarioClient,
  collection: ManagementCollection,
  operationId: OperationId,
  want: Body,
  answer: Committed,
  workspaceId: number,
): Promise<Detail> {
  const ops = managementOperationIds[collection];
  expectReadBack({ operationId, via: operationId }, want, answer.definition);
  const params = { workspaceId, id: answer.id };
  const detail = expectAnswered(ops.get, await client.call(ops.get, { params })) as Detail;
  expectReadBack({ operationId, via: ops.get }, want, detail.definition);
  const list = expectAnswered(ops.list, await client.call(ops.list, { params: { workspaceId } })) as Detail[];
  await readLegacyViews(client, collection, operationId, want, params);
  const summary = { name: summaryName(detail.definition), revision: detail.revision };
  expectReadBack(
    { operationId, via: ops.list },
    summary,
    list.find((item) => item.id === answer.id),
  );
  return detail;
}

/**
 * The older endpoints showing the kind's objects (the kind's `legacyViews`) answer what their
 * shape has of `want`: the hand-written shapes of `handlers/*-shapes.ts` are held to the kind.
 */
async function readLegacyViews(
  client: ScenarioClient,
  collection: ManagementCollection,
  operationId: OperationId,
  want: Body,
  where: { workspaceId: number; id: number },
): Promise<void> {
  const { list, detail } = kindOf(collection).legacyViews as { list?: OperationId; detail?: OperationId };
  if (list) {
    const items = expectAnswered(
      list,
      await client.call(list, { params: { workspaceId: where.workspaceId } }),
    );
    const item = (items as Body[]).find((each) => each.id === where.id);
    expectReadBack({ operationId, via: list }, asAnswered(list, want), item);
  }
  if (detail) {
    const params = pathOf(detail, where);
    const read = expectAnswered(detail, await client.call(detail, { params }));
    expectReadBack({ operationId, via: detail }, asAnswered(detail, want), read);
  }
}

/** The path values of an object's detail: the workspace, and the id under the operation's own name. */
function pathOf(
  operationId: OperationId,
  where: { workspaceId: number; id: number },
): Record<string, number> {
  const params = (operations[operationId] as { params?: z.ZodObject }).params;
  const names = Object.keys(params?.shape ?? {}).filter((name) => name !== 'workspaceId');
  return { workspaceId: where.workspaceId, ...Object.fromEntries(names.map((name) => [name, where.id])) };
}

/** The list's label of an object: its keyword, name or title (as `sql/objects.ts` picks it). */
function summaryName(definition: Body): unknown {
  return (definition.names as unknown[] | undefined)?.[0] ?? definition.name ?? definition.title;
}

/**
 * Runs `property` in one workspace holding the objects the kind refers to, arranged once. Each
 * sample calls `removeObjects` when done, also after a failure, so the next (or a shrunk) one
 * starts without objects of the kind.
 */
async function inWorkspace(
  client: ScenarioClient,
  collection: ManagementCollection,
  property: (workspaceId: number, arranged: References, removeObjects: () => Promise<void>) => Promise<void>,
) {
  const ops = managementOperationIds[collection];
  const { workspaceId } = await freshWorkspace(client);
  const params = { workspaceId };
  async function removeObjects() {
    const left = expectAnswered(ops.list, await client.call(ops.list, { params })) as Detail[];
    for (const { id, revision } of left) {
      const change = { action: 'delete', targetId: id, revision, changes: {} };
      const preview = expectAnswered(ops.preview, await client.call(ops.preview, { params, body: change }));
      const body = { planToken: (preview as { planToken: string }).planToken };
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      expectAnswered(
        ops.remove,
        await client.call(ops.remove, { params: { workspaceId, id }, body, headers }),
      );
    }
  }
  try {
    await property(workspaceId, await arrangeReferences(client, collection, workspaceId), removeObjects);
  } finally {
    expectAnswered('deleteWorkspace', await client.call('deleteWorkspace', { params }));
  }
}

/**
 * A change with `bad` in it, sent to the preview (create and update) and to both commits (with a
 * token that was never issued: the body is checked before the token).
 */
function refusalsOf(
  collection: ManagementCollection,
  where: { workspaceId: number; id: number; revision: string },
  valid: Body,
  bad: { field: string; value: unknown },
): Refusal[] {
  const ops = managementOperationIds[collection];
  const { workspaceId, id, revision } = where;
  const path = `body.changes.${bad.field}`;
  const created = { ...valid, [bad.field]: bad.value };
  const updated = { [bad.field]: bad.value };
  const planToken = 'x'.repeat(16);
  const headers = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  return [
    [ops.preview, path, { params: { workspaceId }, body: { action: 'create', changes: created } }],
    [
      ops.preview,
      path,
      { params: { workspaceId }, body: { action: 'update', targetId: id, revision, changes: updated } },
    ],
    [
      ops.create,
      path,
      { params: { workspaceId }, body: { changes: created, planToken }, headers: headers() },
    ],
    [
      ops.update,
      path,
      { params: { workspaceId, id }, body: { changes: updated, planToken }, headers: headers() },
    ],
  ];
}

/** The operations the commits of every kind write with, for the exhaustiveness check. */
export const managementWrites: OperationId[] = managementCollections.flatMap((collection) => {
  const ops = managementOperationIds[collection];
  return [ops.preview, ops.create, ops.update];
});

export function managementRoundTrips(client: ScenarioClient, runs: number): void {
  for (const collection of managementCollections) {
    const kind = kindOf(collection);
    const ops = managementOperationIds[collection];
    // A definition is whole after the update too: what the kind's rules refuse (`baseField` without
    // the mapping type) is a refusal about the stored object, not a round trip.
    const whole = (created: Body, updated: Body) =>
      kind.createChanges.safeParse({ ...kind.defaults, ...created, ...updated }).success;
    const pairs = fc
      .record({ created: validBodies(kind.createChanges), updated: validBodies(kind.updateChanges) })
      .filter(({ created, updated }) => whole(created as Body, updated as Body));

    it(`${ops.create} and ${ops.update}: every field committed is read back; answers match the contract`, async () => {
      await inWorkspace(client, collection, (workspaceId, arranged, removeObjects) => {
        const check = async ({ created, updated }: { created: unknown; updated: unknown }) => {
          try {
            const changes = aim(collection, created as Body, arranged);
            const made = await commit(client, collection, workspaceId, { action: 'create', changes });
            const full = { ...kind.defaults, ...canonicalOf(kind.createChanges, changes) };
            const detail = await readBack(client, collection, ops.create, full, made, workspaceId);
            const update = aim(collection, updated as Body, arranged);
            const change = { action: 'update', targetId: made.id, revision: detail.revision } as const;
            const after = await commit(client, collection, workspaceId, { ...change, changes: update });
            // Fields the update left out keep their value.
            const want = { ...full, ...canonicalOf(kind.updateChanges, update) };
            await readBack(client, collection, ops.update, want, after, workspaceId);
          } finally {
            await removeObjects();
          }
        };
        return assertProperty(pairs, check, runs);
      });
    });

    it(`${ops.preview}, ${ops.create}, ${ops.update}: a change with one invalid field answers 400 naming it and changes nothing`, async () => {
      const cases = fc.record({
        created: validBodies(kind.createChanges),
        bad: invalidField(kind.updateChanges),
      });
      await inWorkspace(client, collection, (workspaceId, arranged, removeObjects) => {
        const check = async ({
          created,
          bad,
        }: {
          created: unknown;
          bad: { field: string; value: unknown };
        }) => {
          try {
            const valid = aim(collection, created as Body, arranged);
            const made = await commit(client, collection, workspaceId, { action: 'create', changes: valid });
            const where = { workspaceId, id: made.id, revision: made.revision };
            const state = async () =>
              expectAnswered(ops.list, await client.call(ops.list, { params: { workspaceId } }));
            await expectRefusals(client, refusalsOf(collection, where, valid, bad), state);
          } finally {
            await removeObjects();
          }
        };
        return assertProperty(cases, check, runs);
      });
    });
  }
}
