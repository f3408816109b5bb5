import type { OperationId } from '@wsadmin/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import type { ScenarioClient } from '../../client';
import { it } from '../../test-api';
import { invalidField, validBodies } from './arbitraries';
import {
  type Arrangement,
  assertArranged,
  expectAnswered,
  expectReadBack,
  expectRefusals,
  type Refusal,
} from './checks';
import { asAnswered, type Body, bodySchema, canonicalOf, itemSchema } from './schemas';

/**
 * The round trip of a collection resource, written once: generate bodies from the contract, write
 * them (single and batch, create and update), read each back through the write's answer, the
 * detail and the list, and send each write once more with one field made invalid (400 naming it,
 * nothing changed). A resource file declares only what differs: operations, references, defaults.
 */

type Params = Record<string, string | number>;

/** A batch write and the body key of its items; several keys are spellings the contract accepts. */
export interface Batch {
  operationId: OperationId;
  fields: readonly [string, ...string[]];
}

/** `arrange`: what the writes need (a workspace, accounts to refer to), fresh for every sample. */
export interface ResourceCase<Ctx> extends Arrangement<Ctx> {
  /** Singular, for test names. */
  label: string;
  /** Path values of the collection's operations. */
  scope(ctx: Ctx): Params;
  /** The field naming one object in answers and batch items, and the path value naming it. */
  key: { field: string; param: string };
  /** `defaults`: what omitted fields read back as (those the write's body has; docs/spec-gaps.md). */
  create: { one?: OperationId; many?: Batch; defaults?: Body };
  update?: {
    one?: OperationId;
    many?: Batch;
    /** What omitted fields become, for a write that replaces the object (none by default). */
    defaults?: Body;
    /** A body creating the `index`-th object the updates change. */
    seed(index: number): Body;
  };
  read: { detail?: OperationId; list: OperationId };
  /** Generated references made to point at arranged things (`index`: the item's place). */
  aim?(body: Body, ctx: Ctx, index: number): Body;
  /** The key a body carries, from the generated one and the real one (letter case kept). */
  keyAs?(generated: unknown, real: unknown): unknown;
  /** Whether the items may be written together (values unique by design); all may by default. */
  together?(items: Body[]): boolean;
  /** What a canonical body written by `operationId` reads as through `via` (spelling aliases). */
  asRead?(sent: Body, operationId: OperationId, via: OperationId): Body;
}

/** The operations a case writes with, for the exhaustiveness check. */
export function resourceWrites<Ctx>(c: ResourceCase<Ctx>): OperationId[] {
  const { create, update } = c;
  return [create.one, create.many?.operationId, update?.one, update?.many?.operationId].filter(
    (id): id is OperationId => id !== undefined,
  );
}

interface Write {
  operationId: OperationId;
  schema: z.ZodObject;
  /** Where its items go: the body itself, or an array under one of these keys. */
  batch?: Batch['fields'];
}

function writesOf(one: OperationId | undefined, many: Batch | undefined): Write[] {
  const writes: Write[] = [];
  if (one) writes.push({ operationId: one, schema: bodySchema(one) });
  if (many)
    writes.push({
      operationId: many.operationId,
      schema: itemSchema(many.operationId, many.fields[0]),
      batch: many.fields,
    });
  return writes;
}

/** Per write: a body (single) or 1 to 3 items (batch), and which batch key spells them. */
type Sample = { items: Body[]; field: string };
function samplesOf(writes: Write[], together: (items: Body[]) => boolean): fc.Arbitrary<Sample[]> {
  const model = writes.map((write) =>
    fc.record({
      items: write.batch
        ? fc.array(validBodies(write.schema), { minLength: 1, maxLength: 3 })
        : validBodies(write.schema).map((body) => [body]),
      field: fc.constantFrom(...(write.batch ?? [''])),
    }),
  );
  return fc.tuple(...model).filter((samples) => together(samples.flatMap((s) => s.items as Body[])));
}

export function resourceRoundTrips<Ctx>(client: ScenarioClient, c: ResourceCase<Ctx>, runs: number): void {
  const keyAs = c.keyAs ?? ((_generated: unknown, real: unknown) => real);
  const together = c.together ?? (() => true);
  const aim = (body: Body, ctx: Ctx, index: number) => c.aim?.(body, ctx, index) ?? body;

  async function send(write: Write, ctx: Ctx, items: Body[], field: string, target?: unknown) {
    const params = target === undefined ? c.scope(ctx) : { ...c.scope(ctx), [c.key.param]: target as string };
    const body = write.batch ? { [field]: items } : items[0];
    const answer = expectAnswered(write.operationId, await client.call(write.operationId, { params, body }));
    return (write.batch ? answer : [answer]) as Body[];
  }

  /** Each item sent reads back through the write's answer, the detail and the list. */
  async function readBack(write: Write, ctx: Ctx, sent: Body[], answers: Body[], allDefaults: Body = {}) {
    const { operationId } = write;
    const defaults = Object.fromEntries(
      Object.entries(allDefaults).filter(([field]) => field in write.schema.shape),
    );
    const seen = (body: Body, via: OperationId) =>
      asAnswered(via, c.asRead?.(body, operationId, via) ?? body);
    const list = expectAnswered(c.read.list, await client.call(c.read.list, { params: c.scope(ctx) }));
    for (const [index, item] of sent.entries()) {
      const want = { ...defaults, ...canonicalOf(write.schema, item) };
      const answered = answers[index];
      expectReadBack({ operationId, via: operationId }, seen(want, operationId), answered);
      const key = answered?.[c.key.field];
      if (c.read.detail) {
        const params = { ...c.scope(ctx), [c.key.param]: key as string };
        const detail = expectAnswered(c.read.detail, await client.call(c.read.detail, { params }));
        expectReadBack({ operationId, via: c.read.detail }, seen(want, c.read.detail), detail);
      }
      const listed = (list as Body[]).find((each) => each[c.key.field] === key);
      expectReadBack({ operationId, via: c.read.list }, seen(want, c.read.list), listed);
    }
  }

  /** The objects the updates change, made from the case's seeds; their keys. */
  async function seed(ctx: Ctx, count: number): Promise<unknown[]> {
    const update = c.update;
    if (!update) return [];
    const bodies = Array.from({ length: count }, (_, index) => update.seed(index));
    const [write] = writesOf(c.create.many ? undefined : c.create.one, c.create.many);
    if (!write) throw new Error(`${c.label}: updates need a create to make what they change`);
    const made = write.batch
      ? await send(write, ctx, bodies, write.batch[0])
      : (await Promise.all(bodies.map((body) => send(write, ctx, [body], '')))).flat();
    return made.map((each) => each[c.key.field]);
  }

  const creates = writesOf(c.create.one, c.create.many);
  it(`${creates.map((w) => w.operationId).join(' and ')}: every field sent is read back; answers match the contract`, async () => {
    const check = async (samples: Sample[], ctx: Ctx) => {
      let index = 0;
      for (const [at, write] of creates.entries()) {
        const { items, field } = samples[at] as Sample;
        const aimed = items.map((item) => aim(item, ctx, index++));
        const answers = await send(write, ctx, aimed, field);
        await readBack(write, ctx, aimed, answers, c.create.defaults);
      }
    };
    await assertArranged(client, c, samplesOf(creates, together), check, runs);
  });

  const updates = writesOf(c.update?.one, c.update?.many);
  if (updates.length > 0)
    it(`${updates.map((w) => w.operationId).join(' and ')}: every field sent is read back; answers match the contract`, async () => {
      const check = async (samples: Sample[], ctx: Ctx) => {
        const keys = await seed(ctx, Math.max(...samples.map((s) => s.items.length)));
        for (const [at, write] of updates.entries()) {
          const { items, field } = samples[at] as Sample;
          // A key in a body names the object it goes to: the one made for its place.
          const aimed = items.map((item, index) => {
            const body = aim(item, ctx, index);
            return c.key.field in body
              ? { ...body, [c.key.field]: keyAs(body[c.key.field], keys[index]) }
              : body;
          });
          const answers = await send(write, ctx, aimed, field, write.batch ? undefined : keys[0]);
          await readBack(write, ctx, aimed, answers, c.update?.defaults);
        }
      };
      await assertArranged(client, c, samplesOf(updates, together), check, runs);
    });

  const writes = [...creates, ...updates];
  it(`${c.label} writes: a body with one invalid field answers 400 naming it and changes nothing`, async () => {
    const model = writes.map((write) =>
      fc.record({ valid: validBodies(write.schema), bad: invalidField(write.schema) }),
    );
    const check = async (
      samples: Array<{ valid: Body; bad: { field: string; value: unknown } }>,
      ctx: Ctx,
    ) => {
      const [existing] = await seed(ctx, 1);
      const refusals: Refusal[] = writes.map((write, at) => {
        const { valid, bad } = samples[at] as (typeof samples)[number];
        const isUpdate = updates.includes(write);
        const aimed = aim(valid, ctx, 0);
        const keyed = isUpdate && c.key.field in aimed ? { ...aimed, [c.key.field]: existing } : aimed;
        const body = { ...keyed, [bad.field]: bad.value };
        const field = write.batch?.[0];
        const params =
          isUpdate && !field ? { ...c.scope(ctx), [c.key.param]: existing as string } : c.scope(ctx);
        return field
          ? [write.operationId, `body.${field}.0.${bad.field}`, { params, body: { [field]: [body] } }]
          : [write.operationId, `body.${bad.field}`, { params, body }];
      });
      const state = async () =>
        expectAnswered(c.read.list, await client.call(c.read.list, { params: c.scope(ctx) }));
      await expectRefusals(client, refusals, state);
    };
    await assertArranged(client, c, fc.tuple(...model), check, runs);
  });
}
