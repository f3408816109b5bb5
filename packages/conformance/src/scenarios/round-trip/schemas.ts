import { type OperationId, operations } from '@wsadmin/contract';
import { z } from 'zod';

/**
 * Request schemas read off the route table, so a case names operations, not schemas: a change of
 * an operation's body reaches the round trip without editing it.
 */

export type Body = Record<string, unknown>;

/** The object branches of an operation's body (one, or the branches of a single-or-batch union). */
function branchesOf(operationId: OperationId): z.ZodObject[] {
  const body = (operations[operationId] as { body?: z.ZodType }).body;
  const options = body instanceof z.ZodUnion ? (body.options as z.ZodType[]) : body ? [body] : [];
  return options.filter((option): option is z.ZodObject => option instanceof z.ZodObject);
}

/** The body of a write (of a single-or-batch union, the first branch: the single form). */
export function bodySchema(operationId: OperationId): z.ZodObject {
  const [single] = branchesOf(operationId);
  if (!single) throw new Error(`${operationId} has no object body`);
  return single;
}

/** The branch of an operation's body that holds `field` (the batch form of a union). */
export function branchWith(operationId: OperationId, field: string): z.ZodObject {
  const branch = branchesOf(operationId).find((each) => field in each.shape);
  if (!branch) throw new Error(`${operationId} has no body with "${field}"`);
  return branch;
}

/** The item schema of a batch write: the element of the array under `field`. */
export function itemSchema(operationId: OperationId, field: string): z.ZodObject {
  const list = branchWith(operationId, field).shape[field];
  if (list instanceof z.ZodArray && list.element instanceof z.ZodObject) return list.element;
  throw new Error(`${operationId} has no batch of objects under "${field}"`);
}

/**
 * What the contract makes of a valid body: zod's output, with the canonicalisations the contract
 * states (trimmed names, lower-case account uids). Reads answer this, not the text as sent.
 */
export function canonicalOf(schema: z.ZodType, body: Body): Body {
  return schema.parse(body) as Body;
}

/**
 * What of `want` an operation's answer (of a list, each item) can show: the fields its schema
 * declares, less a null the field cannot hold (an older shape shows "none" by leaving the field
 * out). A field the contract leaves out of a read is not expected there.
 */
export function asAnswered(operationId: OperationId, want: Body): Body {
  let data = (operations[operationId] as { data?: z.ZodType }).data;
  if (data instanceof z.ZodArray) data = data.element as z.ZodType;
  if (!(data instanceof z.ZodObject)) return want;
  const shape = data.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(want).filter(
      ([field, value]) => shape[field] && (value !== null || shape[field].safeParse(null).success),
    ),
  );
}
