import {
  MAX_ID,
  type OperationId,
  type OperationSpec,
  operations,
  Revision,
  UUID_V4_PATTERN,
} from '@wsadmin/contract';
import { routes } from '@wsadmin/contract/routes';
import { z } from 'zod';

/** A JSON Schema node as zod writes it (draft 2020-12), `$ref`s into `$defs`. */
export interface SchemaNode {
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  type?: string | string[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** How the replay treats a value: the rules are read off the contract's schemas, never a list of fields. */
export type Role = 'identifier' | 'timestamp' | 'value';

/** A schema with the `$defs` its `$ref`s point into. */
export interface RootedSchema {
  node: SchemaNode;
  defs: Readonly<Record<string, SchemaNode>>;
}

/** An operation widened to the common spec type. */
export const specOf = (operationId: OperationId): OperationSpec => operations[operationId];

const cache = new Map<string, RootedSchema | undefined>();

/** The JSON Schema of an operation's success `data`, request `body` or `query` (undefined when it has none). */
export function schemaOf(
  operationId: OperationId,
  part: 'data' | 'body' | 'query',
): RootedSchema | undefined {
  const key = `${operationId} ${part}`;
  if (!cache.has(key)) {
    const zodSchema = specOf(operationId)[part];
    cache.set(
      key,
      zodSchema === undefined
        ? undefined
        : rooted(
            z.toJSONSchema(zodSchema, {
              io: part === 'data' ? 'output' : 'input',
              unrepresentable: 'any',
            }) as SchemaNode,
          ),
    );
  }
  return cache.get(key);
}

function rooted(schema: SchemaNode): RootedSchema {
  return { node: schema, defs: schema.$defs ?? {} };
}

/** The node a `$ref` names (local `#/$defs/` refs only, as zod writes them). */
export function resolved(
  node: SchemaNode,
  defs: RootedSchema['defs'],
): { node: SchemaNode; refName?: string } {
  let current = node;
  let refName: string | undefined;
  for (let depth = 0; current.$ref !== undefined && depth < 16; depth += 1) {
    refName = current.$ref.replace(/^#\/\$defs\//, '');
    current = defs[refName] ?? {};
  }
  return refName === undefined ? { node: current } : { node: current, refName };
}

const REVISION_ID = z.globalRegistry.get(Revision)?.id ?? 'Revision';

/**
 * Field names whose values come from earlier answers: the route table's path parameters that are
 * not enumerations (`operationId`, `member_uid`, …) and the fields every commit body carries (the
 * plan token and the operator).
 */
export const identifierNames: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const [operationId, route] of Object.entries(routes)) {
    const params = specOf(operationId as OperationId).params;
    const shape = params === undefined ? {} : (params.shape as Record<string, z.ZodType>);
    for (const name of Object.keys(route.params)) {
      const json =
        shape[name] === undefined
          ? {}
          : (z.toJSONSchema(shape[name], { io: 'input', unrepresentable: 'any' }) as SchemaNode);
      if (json.enum === undefined) names.add(name);
    }
  }
  const commitBodies = Object.entries(routes)
    .filter(([, route]) => route.idempotencyKey && route.body)
    .map(([operationId]) => schemaOf(operationId as OperationId, 'body'))
    .map((schema) =>
      schema === undefined ? [] : Object.keys(resolved(schema.node, schema.defs).node.properties ?? {}),
    );
  const [first = [], ...rest] = commitBodies;
  for (const name of first) if (rest.every((names) => names.includes(name))) names.add(name);
  return names;
})();

/** The role of a value at field `name` with schema `node`: identifier, timestamp or plain value. */
export function roleOf(name: string | undefined, node: SchemaNode, refName: string | undefined): Role {
  if (refName === REVISION_ID) return 'identifier';
  if (name !== undefined && identifierNames.has(name)) return 'identifier';
  if (isType(node, 'integer') && node.minimum === 1 && node.maximum === MAX_ID) return 'identifier';
  if (isType(node, 'string') && (node.format === 'uuid' || node.pattern === UUID_V4_PATTERN))
    return 'identifier';
  if (isType(node, 'string') && node.format === 'date-time') return 'timestamp';
  return 'value';
}

const isType = (node: SchemaNode, type: string) =>
  node.type === type || (Array.isArray(node.type) && node.type.includes(type));
