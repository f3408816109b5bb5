import { ErrorEnvelope, type OperationId, operations } from '@wsadmin/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Answer, ScenarioClient } from '../../client';

/**
 * What every round-trip property checks, in one place: fields read back, answers against the
 * contract's response schema, and refused bodies naming their field. Failures are plain errors
 * naming the operation and the field; fast-check adds the seed and the shrunk counterexample.
 */

/** Runs per property: a fixed, bounded number in `npm test`; `WSADMIN_PROPERTY_RUNS` for longer local runs. */
export function propertyRuns(fallback: number): number {
  const runs = Number(process.env.WSADMIN_PROPERTY_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}

/** The fixed seed of `npm test`; `WSADMIN_PROPERTY_SEED` replays another (fast-check prints it on failure). */
export function propertySeed(): number {
  const seed = Number(process.env.WSADMIN_PROPERTY_SEED || Number.NaN);
  return Number.isInteger(seed) ? seed : 20_261_124;
}

/**
 * `fc.assert` with the seed and runs above; a failure prints seed, path and shrunk counterexample.
 * `WSADMIN_PROPERTY_SEED=<seed> WSADMIN_PROPERTY_PATH=<path>` replays that counterexample at once.
 */
export async function assertProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  runs: number,
): Promise<void> {
  await fc.assert(fc.asyncProperty(arbitrary, check), {
    seed: propertySeed(),
    ...(process.env.WSADMIN_PROPERTY_PATH ? { path: process.env.WSADMIN_PROPERTY_PATH } : {}),
    numRuns: propertyRuns(runs),
    // Generation filters (zod's own check, distinct unique values) skip some values; allow many.
    maxSkipsPerRun: 1000,
  });
}

/** What a sample needs arranged, and how all of it (and what the sample wrote) is removed. */
export interface Arrangement<Ctx> {
  arrange(client: ScenarioClient): Promise<Ctx>;
  /** Removes what `arranged` names and what was written in it; everything without it. */
  clean(client: ScenarioClient, arranged?: Ctx): Promise<void>;
}

/** `assertProperty` with each sample run in a fresh arrangement, removed after it even when it fails. */
export async function assertArranged<T, Ctx>(
  client: ScenarioClient,
  arrangement: Arrangement<Ctx>,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T, ctx: Ctx) => Promise<void>,
  runs: number,
): Promise<void> {
  // What earlier tests on this target left behind.
  await arrangement.clean(client);
  await assertProperty(
    arbitrary,
    async (value) => {
      let arranged: { ctx: Ctx } | undefined;
      try {
        arranged = { ctx: await arrangement.arrange(client) };
        await check(value, arranged.ctx);
      } finally {
        await arrangement.clean(client, arranged?.ctx);
      }
    },
    runs,
  );
}

/** A successful answer whose `data` the operation's response schema accepts. */
export function expectAnswered(operationId: OperationId, answer: Answer): unknown {
  if (answer.status !== 200 || answer.errcode !== 200 || answer.errmsg !== 'success')
    throw new Error(`${operationId} answered ${answer.status} ${answer.errcode}: ${answer.errmsg}`);
  const schema = (operations[operationId] as { data?: z.ZodType }).data;
  if (schema) {
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success)
      throw new Error(
        `${operationId} answered data its response schema refuses: ${JSON.stringify(parsed.error.issues)}`,
      );
  }
  return answer.data;
}

/**
 * Every field of `want` (the canonical body sent, with defaults) is in `read` and equal to it. A
 * field missing, renamed or altered fails naming the operation, the read and the field.
 */
export function expectReadBack(
  where: { operationId: string; via: string },
  want: Record<string, unknown>,
  read: unknown,
): void {
  if (read === null || typeof read !== 'object')
    throw new Error(`${where.operationId}: ${where.via} did not find what was written`);
  const record = read as Record<string, unknown>;
  for (const [field, value] of Object.entries(want)) {
    if (!(field in record))
      throw new Error(`${where.operationId}: field "${field}" sent, missing from ${where.via}`);
    if (!deepEqual(record[field], value))
      throw new Error(
        `${where.operationId}: field "${field}" sent ${fc.stringify(value)}, ${where.via} read ${fc.stringify(record[field])}`,
      );
  }
}

/** Structural equality of JSON values; key order does not matter, array order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) => key in b && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** A refused body: 400 in the contract's error envelope, with an issue at `path` (e.g. `body.accounts.0.nickname`). */
export function expectRefused(operationId: string, path: string, answer: Answer): void {
  if (answer.status !== 400 || answer.errcode !== 400)
    throw new Error(`${operationId}: invalid ${path} answered ${answer.status}, not 400 (${answer.errmsg})`);
  const envelope = ErrorEnvelope.safeParse({
    errcode: answer.errcode,
    errmsg: answer.errmsg,
    data: answer.data,
  });
  if (!envelope.success || envelope.data.data?.reason !== 'invalid_request')
    throw new Error(
      `${operationId}: invalid ${path} answered a 400 that is not an invalid_request error envelope`,
    );
  const issues = (answer.data as { issues?: Array<{ path: string }> } | null)?.issues ?? [];
  if (!issues.some((issue) => issue.path === path))
    throw new Error(
      `${operationId}: invalid ${path} answered 400 without an issue naming it: ${JSON.stringify(issues)}`,
    );
}

/** The same state before and after a refused request. */
export function expectUnchanged(operationId: string, before: unknown, after: unknown): void {
  if (!deepEqual(before, after))
    throw new Error(
      `${operationId}: a refused request changed the state:\nbefore ${JSON.stringify(before)}\nafter  ${JSON.stringify(after)}`,
    );
}

/** One request that must be refused: the operation, the issue path it must name, what it sends. */
export type Refusal = [operationId: OperationId, path: string, input: Parameters<ScenarioClient['call']>[1]];

/** Each refusal answers 400 naming its path, and `state` reads the same before and after it. */
export async function expectRefusals(
  client: ScenarioClient,
  refusals: readonly Refusal[],
  state: () => Promise<unknown>,
): Promise<void> {
  // The state after one refusal is the state before the next: one read each.
  let before = await state();
  for (const [operationId, path, input] of refusals) {
    expectRefused(operationId, path, await client.call(operationId, input));
    const after = await state();
    expectUnchanged(operationId, before, after);
    before = after;
  }
}
