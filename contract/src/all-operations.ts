import { ERROR_CODES, type ErrorCode } from './envelope';
import type { OperationFact, OperationField, OperationSpec } from './operation-spec';
import { accountOperations } from './resources/accounts';
import { authOperations } from './resources/auth';
import { dimensionOperations } from './resources/dimensions';
import { managementOperations } from './resources/management';
import { measureOperations } from './resources/measures';
import { memberGroupOperations } from './resources/member-groups';
import { memberOperations } from './resources/members';
import { scopeOperations } from './resources/scopes';
import { sourceOperations } from './resources/sources';
import { timeSeriesOperations } from './resources/time-series';
import { workspaceOperations } from './resources/workspaces';

/** Every operation of the API, keyed by its operationId. */
export const operations = {
  ...scopeOperations,
  ...managementOperations,
  ...sourceOperations,
  ...workspaceOperations,
  ...timeSeriesOperations,
  ...dimensionOperations,
  ...measureOperations,
  ...memberGroupOperations,
  ...memberOperations,
  ...accountOperations,
  ...authOperations,
} satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** One schema of an operation by operationId (`'params'`, `'body'`, `'data'`, ...); `undefined` when it has none. */
export type OperationFieldOf<K extends OperationId, F extends keyof OperationSpec> = OperationField<
  Operations[K],
  F
>;

export const operationIds = Object.keys(operations) as OperationId[];

/** The operations that declare a fact about their handler (`storedDataRead`, ...), as a type. */
export type OperationIdWith<F extends OperationFact> = {
  [K in OperationId]: Operations[K] extends { readonly [P in F]: true } ? K : never;
}[OperationId];

/** The operations that declare a fact about their handler, in the contract's order. */
export function operationIdsWith<F extends OperationFact>(fact: F): OperationIdWith<F>[] {
  return operationIds.filter(
    (operationId) => (operations[operationId] as OperationSpec)[fact] === true,
  ) as OperationIdWith<F>[];
}

/** Every operation widened to the common spec type, for code that treats them alike. */
export const operationEntries: ReadonlyArray<readonly [OperationId, OperationSpec]> = operationIds.map(
  (operationId) => [operationId, operations[operationId]] as const,
);

/**
 * Errors every operation can answer with (429 only where the operator turned rate limits on). 408,
 * 413 and 431 are also what the Node server answers before the app runs, whatever the operation: a
 * request too slow, chunk extensions or header fields too large (packages/server, malformed-requests.ts).
 */
export const ALWAYS: readonly ErrorCode[] = [400, 401, 403, 408, 413, 429, 431, 500, 503];

/** The error codes an operation declares: the common ones, 404 with path ids, 415 with a body, and its own. */
export function errorCodesOf(op: OperationSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(ALWAYS);
  if (op.params) codes.add(404);
  if (op.body) codes.add(415);
  for (const code of op.errors ?? []) codes.add(code);
  return ERROR_CODES.filter((code) => codes.has(code));
}
