import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import { generateSync, type JsonSchema, type Random } from 'json-schema-faker';

/**
 * Request bodies made from the OpenAPI document alone (its JSON Schemas, not the zod objects), by
 * json-schema-faker with a seed: the same document and seed give the same body. This is what an
 * outside tool (Schemathesis, a generated client's tests) believes is valid.
 */

/** The parts of the document read here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; requestBody?: BodyOf }>>;
  components: { schemas: Record<string, unknown> };
}
type BodyOf = { content: { 'application/json': { schema: unknown } } };

export const committedDocument = openapi as unknown as OpenApiDocument;

export interface DocumentOperation {
  operationId: string;
  method: string;
  path: string;
  /** The request body schema with the document's component schemas under `$defs`. */
  body: JsonSchema;
}

/**
 * Made fit for json-schema-faker, meaning unchanged: `#/components/schemas/X` becomes `#/$defs/X`
 * (it resolves refs inside the schema it is given), and where a string has both a `format` and a
 * `pattern` the format goes (it generates from the format alone and ignores the pattern; every
 * pattern in the document is at least as strict as the format beside it).
 */
function asStandalone<T>(value: T): T {
  const text = JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/');
  return JSON.parse(text, (_key, node: unknown) => {
    if (node !== null && typeof node === 'object' && 'pattern' in node && 'format' in node) {
      const { format: _format, ...rest } = node as Record<string, unknown>;
      return rest;
    }
    return node;
  }) as T;
}

type SchemaNode = Record<string, unknown>;

function resolved(node: unknown, $defs: Record<string, unknown>): SchemaNode {
  let current = node as SchemaNode;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 20; hops++)
    current = $defs[(current.$ref as string).replace('#/$defs/', '')] as SchemaNode;
  return current ?? {};
}

/**
 * json-schema-faker ignores `if`/`then`/`else`. The document uses it in one form, "when property P
 * is C then T else E" (the mapping rule of dimensions), which is the same as `anyOf` of "P is C and
 * T" and "P is one of the other values of its enum and E": that is what the generator gets.
 */
function conditionalsAsBranches(node: SchemaNode, $defs: Record<string, unknown>): void {
  const condition = node.if as { properties?: Record<string, { const?: unknown }> } | undefined;
  if (!condition?.properties) return;
  const [[property, { const: value }] = ['', {}]] = Object.entries(condition.properties);
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const others = ((resolved(properties[property], $defs).enum ?? []) as unknown[]).filter(
    (each) => each !== value,
  );
  const branch = (extra: unknown, own: unknown) => {
    const { properties: extraProperties, ...rest } = (extra ?? {}) as SchemaNode;
    return { ...rest, properties: { ...(extraProperties as object), [property]: own } };
  };
  const thenBranch: SchemaNode = branch(node.then, { const: value });
  thenBranch.required = [...new Set([...((thenBranch.required as string[]) ?? []), property])];
  node.anyOf = [thenBranch, branch(node.else, { enum: others })];
  delete node.if;
  delete node.then;
  delete node.else;
}

/**
 * json-schema-faker ignores `not`. The document uses it as "not all of these properties together"
 * (`modelUids` and the legacy `modelUid`); leaving the last of them out generates only values the
 * rule allows.
 */
function exclusionsAsOmissions(node: SchemaNode): void {
  const excluded = (node.not as { required?: string[] } | undefined)?.required;
  if (!excluded?.length || !node.properties) return;
  const { [excluded.at(-1) as string]: _left, ...kept } = node.properties as Record<string, unknown>;
  node.properties = kept;
  delete node.not;
}

/** The document's conditionals in forms json-schema-faker honours (same valid values, or fewer). */
function withBranches<T>(value: T, $defs: Record<string, unknown>): T {
  if (Array.isArray(value)) for (const item of value) withBranches(item, $defs);
  else if (value !== null && typeof value === 'object') {
    conditionalsAsBranches(value as SchemaNode, $defs);
    exclusionsAsOmissions(value as SchemaNode);
    for (const child of Object.values(value)) withBranches(child, $defs);
  }
  return value;
}

/** Every operation of the document that takes a JSON body. */
export function operationsWithBody(document: OpenApiDocument = committedDocument): DocumentOperation[] {
  const standalone = asStandalone(document.components.schemas);
  const $defs = withBranches(standalone, standalone);
  const found: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schema = operation.requestBody?.content['application/json'].schema;
      if (!schema) continue;
      const body = { ...(asStandalone(schema) as object), $defs } as JsonSchema;
      found.push({ operationId: operation.operationId, method, path, body });
    }
  }
  return found;
}

const hex = (random: Random, count: number) =>
  Array.from({ length: count }, () => random.int(0, 15).toString(16)).join('');

/**
 * `format: uuid` alone means any RFC 9562 uuid, of any version and variant; json-schema-faker
 * would make version 4 only. Any version here, so that a version rule the server has shows up
 * unless the document states it (as the uuid-v4 `pattern`).
 */
function anyUuid(random: Random): string {
  const version = random.int(0, 15).toString(16);
  const variant = random.int(0, 15).toString(16);
  return `${hex(random, 8)}-${hex(random, 4)}-${version}${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

/** One body for `operation`, the same for the same seed. Arrays are kept short (up to 3 items) to bound the run. */
export function sampleBody(operation: DocumentOperation, seed: number): unknown {
  return generateSync(operation.body, {
    seed,
    // The document nests refs (envelope → kind → Names → text) deeper than the default follows.
    maxDepth: 20,
    maxItems: 3,
    optionalsProbability: 0.6,
    formats: { uuid: anyUuid },
  });
}
