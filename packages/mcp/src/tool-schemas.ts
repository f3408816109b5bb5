import { type OperationId, type OperationSpec, operations, tags } from '@wsadmin/contract';
import { z } from 'zod';
import { type JsonSchema, jsonSchemaOf } from './json-schema';
import { shareRepeatedSubschemas } from './shared-subschemas';
import type { ToolGroup } from './tool-catalogue';

const specOf = (operationId: OperationId): OperationSpec => operations[operationId];

/**
 * The arguments of one operation inside a grouped tool: its `operation` name, its path parameters
 * at the top level, `query` and `body` as the contract has them.
 */
export function operationArguments(operationId: OperationId): z.ZodObject {
  const spec = specOf(operationId);
  const shape: Record<string, z.ZodType> = {
    operation: z.literal(operationId),
    ...(spec.params?.shape ?? {}),
  };
  if (spec.query) {
    // A query whose fields are all optional may be left out.
    const optional = spec.query.safeParse({}).success;
    shape.query = optional ? spec.query.optional() : spec.query;
  }
  if (spec.body) shape.body = spec.body;
  return z.strictObject(shape);
}

/** The zod schema of a grouped tool's arguments: one branch per operation, chosen by `operation`. */
export function groupArguments(operationIds: readonly OperationId[]): z.ZodType {
  const branches = operationIds.map(operationArguments);
  const [first, ...rest] = branches;
  if (!first) throw new Error('a tool group needs at least one operation');
  return rest.length === 0 ? first : z.discriminatedUnion('operation', [first, ...rest]);
}

/**
 * The `inputSchema` of a grouped tool, from the zod schema of its arguments. MCP wants an object at
 * the top; the path parameters, which the operations of a tool share, are stated there once, and
 * each operation's branch (`oneOf`) keeps what is its own: `query`, `body` and what it requires.
 * The operations' summaries are in the tool's description, so the branches do not repeat them.
 */
export function groupInputSchema(operationIds: readonly OperationId[]): JsonSchema {
  const { oneOf, anyOf, $defs, ...whole } = jsonSchemaOf(groupArguments(operationIds));
  const branches = (oneOf ?? anyOf ?? [whole]) as JsonSchema[];
  const shared: Record<string, unknown> = {
    operation: { type: 'string', enum: [...operationIds] },
  };
  const own = branches.map((branch, index) => {
    const properties = { ...(branch.properties as Record<string, unknown>) };
    for (const name of Object.keys(properties)) {
      if (name === 'query' || name === 'body') continue;
      if (name !== 'operation') shared[name] ??= properties[name];
      delete properties[name];
    }
    return {
      properties: { operation: { const: operationIds[index] }, ...properties },
      required: branch.required,
    };
  });
  // One operation: its own part (query, body) joins the shared properties; no branch to choose.
  const [only] = own;
  const single = own.length === 1 && only !== undefined;
  return shareRepeatedSubschemas({
    type: 'object',
    properties: single ? { ...only.properties, ...shared } : shared,
    ...(single ? { required: only.required } : { required: ['operation'], oneOf: own }),
    ...($defs ? { $defs } : {}),
  });
}

/**
 * The `outputSchema` of a grouped tool: the operation that ran and its `data`. Which contract schema
 * `data` follows depends on the operation, so it is left open here; the server's instructions (sent
 * once, at initialization, not with every `tools/list`) say where it is described.
 */
export const groupOutputSchema: JsonSchema = {
  type: 'object',
  properties: { operation: { type: 'string' }, data: {} },
  required: ['operation'],
};

/**
 * The tool's description: its tag's, then each operation's summary from the contract. The longer
 * sentences of the document stay in the OpenAPI resource: every tool's text is sent on every
 * `tools/list`, and the list is held to 60 kB.
 */
export function groupDescription(group: ToolGroup): string {
  const lines = group.operationIds.map((operationId) => `- ${operationId}: ${specOf(operationId).summary}.`);
  return [`${tags[group.tag]} By \`operation\`:`, ...lines].join('\n');
}
