import { managementCollections, managementOperationIds, type OperationId } from '@wsadmin/contract';
import { EXAMPLE_PLAN_TOKEN, operationExamples } from '@wsadmin/contract/examples';
import type { JsonSchema } from './json-schema';

/** A tool's arguments, as an agent sends them. */
export type ToolArguments = Record<string, unknown>;

/** A tool's input schema with its examples (JSON Schema's `examples`: instances the schema accepts). */
export function withExamples(schema: JsonSchema, examples: readonly ToolArguments[]): JsonSchema {
  return { ...schema, examples };
}

/** Path values as the tools take them: numbers where the path has integers (the examples write them as text). */
function pathValues(params: Readonly<Record<string, string | number>> = {}): ToolArguments {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** An operation's contract example as the arguments of the grouped tool that holds it. */
export function exampleArguments(operationId: OperationId): ToolArguments {
  const example = operationExamples[operationId] ?? {};
  return {
    operation: operationId,
    ...pathValues(example.params),
    ...(example.query ? { query: example.query } : {}),
    ...(example.body !== undefined ? { body: example.body } : {}),
  };
}

const shortest = (candidates: readonly ToolArguments[]): ToolArguments[] => {
  const sorted = [...candidates].sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length);
  return sorted.slice(0, 1);
};

/**
 * The `examples` of a grouped tool's input schema: the shortest of its operations' contract examples.
 * One per tool, because every `tools/list` carries them and the list is held to 60 kB (all of them
 * would add 7 kB); the others are in the OpenAPI resource, each under its operation.
 */
export function groupExamples(operationIds: readonly OperationId[]): ToolArguments[] {
  return shortest(operationIds.map(exampleArguments));
}

/** `preview_change`'s example: the shortest of the kinds' preview examples, with its kind. */
export function previewExamples(): ToolArguments[] {
  return shortest(
    managementCollections.map((kind) => {
      const { params, body } = operationExamples[managementOperationIds[kind].preview] ?? {};
      return { kind, ...pathValues(params), ...(body as object) };
    }),
  );
}

/** `commit_change`'s example: the contract's example plan token (a real one comes from preview_change). */
export const commitExamples = (): ToolArguments[] => [{ planToken: EXAMPLE_PLAN_TOKEN }];

/** `get_operation`'s example: the contract's example of the operation record. */
export const operationRecordExamples = (): ToolArguments[] => [
  pathValues(operationExamples.getManagementOperation?.params),
];
