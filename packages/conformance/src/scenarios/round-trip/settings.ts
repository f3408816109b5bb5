import type { OperationId } from '@wsadmin/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import type { ScenarioClient } from '../../client';
import { it } from '../../test-api';
import { invalidField, validBodies } from './arbitraries';
import { type Arrangement, assertArranged, expectAnswered, expectReadBack, expectRefusals } from './checks';
import { type Body, canonicalOf } from './schemas';

/**
 * The round trip of settings written whole with a PUT and read with a GET (switches, permissions,
 * the source catalogue), written once: every setting of a group is written with a generated body
 * and read back; then each is sent with one field made invalid (400 naming it, nothing changed).
 */

type Params = Record<string, string | number>;

/** A read showing what was written, and what it must answer. */
export interface ReadBack {
  via: OperationId;
  params: Params;
  want: Body;
}

export interface Setting<Ctx> {
  write: OperationId;
  /** The body (for an operation with a single-or-batch union, the branch this setting sends). */
  schema: z.ZodObject;
  params(ctx: Ctx): Params;
  /** Generated references made to point at arranged things. */
  aim?(body: Body, ctx: Ctx): Body;
  /** Whether a body can be written at all (values unique by design); all can by default. */
  valid?(body: Body): boolean;
  /** Where the canonical body sent reads back, and as what (`readAt`: one read answering it as sent). */
  readBack(sent: Body, ctx: Ctx): ReadBack[];
}

/** `arrange`: what the settings belong to and refer to, fresh for every sample. */
export interface SettingGroup<Ctx> extends Arrangement<Ctx> {
  label: string;
  settings: ReadonlyArray<Setting<Ctx>>;
}

/** The common `readBack`: one read with the write's path values, answering the body as sent. */
export const readAt =
  <Ctx>(via: OperationId, params: (ctx: Ctx) => Params) =>
  (sent: Body, ctx: Ctx): ReadBack[] => [{ via, params: params(ctx), want: sent }];

export function settingRoundTrips<Ctx>(client: ScenarioClient, group: SettingGroup<Ctx>, runs: number): void {
  const { settings } = group;
  const bodies = fc.tuple(
    ...settings.map((setting) => validBodies(setting.schema).filter((body) => setting.valid?.(body) ?? true)),
  );
  const aim = (setting: Setting<Ctx>, body: Body, ctx: Ctx) => setting.aim?.(body, ctx) ?? body;

  const names = [...new Set(settings.map((setting) => setting.write))].join(', ');
  it(`${names}: every field written is read back; answers match the contract`, async () => {
    const check = async (generated: Body[], ctx: Ctx) => {
      for (const [at, setting] of settings.entries()) {
        const body = aim(setting, generated[at] as Body, ctx);
        const { write } = setting;
        const answer = expectAnswered(write, await client.call(write, { params: setting.params(ctx), body }));
        const reads = setting.readBack(canonicalOf(setting.schema, body), ctx);
        // A write answering the one setting it wrote (not envelope-only, not a batch) answers it as read.
        const [only] = reads;
        if (only && reads.length === 1 && answer !== undefined && !Array.isArray(answer))
          expectReadBack({ operationId: write, via: write }, only.want, answer);
        for (const { via, params, want } of reads) {
          const read = expectAnswered(via, await client.call(via, { params }));
          expectReadBack({ operationId: write, via }, want, read);
        }
      }
    };
    await assertArranged(client, group, bodies, check, runs);
  });

  it(`${group.label} settings: a body with one invalid field answers 400 naming it and changes nothing`, async () => {
    const bad = fc.tuple(...settings.map((setting) => invalidField(setting.schema)));
    const check = async ([valid, invalid]: [Body[], Array<{ field: string; value: unknown }>], ctx: Ctx) => {
      for (const [at, setting] of settings.entries()) {
        const aimed = aim(setting, valid[at] as Body, ctx);
        // What the refused write could have changed: what its valid form would be read back through.
        const reads = setting.readBack(canonicalOf(setting.schema, aimed), ctx);
        const state = () =>
          Promise.all(
            reads.map(async ({ via, params }) => expectAnswered(via, await client.call(via, { params }))),
          );
        const { field, value } = invalid[at] as { field: string; value: unknown };
        const body = { ...aimed, [field]: value };
        await expectRefusals(
          client,
          [[setting.write, `body.${field}`, { params: setting.params(ctx), body }]],
          state,
        );
      }
    };
    await assertArranged(client, group, fc.tuple(bodies, bad), check, runs);
  });
}
