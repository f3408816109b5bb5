import { NO_NUL_PATTERN } from './primitives';

/**
 * Rules the server applies to every request, outside the zod schemas of single fields, written
 * into the generated document so that it says no less than the server enforces:
 *
 * - Every string refuses U+0000 (server-core `http/request.ts`: PostgreSQL cannot store it). A
 *   string schema with no pattern gets one; the patterns already present (uuid v4, names, user
 *   names, phone numbers, e-mail, plan tokens) admit no NUL. Enumerations and constants are left
 *   alone. Keys are strings too: every map (an object whose `additionalProperties` is a schema,
 *   such as `baseField.choice`) gets `propertyNames` with the same pattern, since the server
 *   refuses a key holding U+0000 as it refuses such a value.
 * - zod's `.int()` accepts safe integers only (±2^53-1); zod-to-openapi writes `type: integer`
 *   without bounds, so a missing `minimum` / `maximum` becomes that bound.
 *
 * zod-to-openapi cannot express these (it drops a record's key schema, and the NUL rule is not in
 * the zod schemas at all), hence this pass over the finished document rather than a change to
 * every `z.string()` / `z.number().int()` / `z.record()`.
 */
export function stateServerWideRules<T>(document: T): T {
  visit(document);
  return document;
}

type Node = Record<string, unknown>;

function isSchemaOfType(node: Node, type: string): boolean {
  const declared = node.type;
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

/** `additionalProperties` that admits keys of its own choosing: a schema, not `false`. */
const isMapOfValues = (value: unknown) => value === true || (value !== null && typeof value === 'object');

function applyRules(node: Node) {
  if (isSchemaOfType(node, 'string') && node.enum === undefined && node.const === undefined) {
    node.pattern ??= NO_NUL_PATTERN;
  }
  if (isSchemaOfType(node, 'object') && isMapOfValues(node.additionalProperties)) {
    node.propertyNames ??= { type: 'string', pattern: NO_NUL_PATTERN };
  }
  if (isSchemaOfType(node, 'integer')) {
    node.minimum ??= Number.MIN_SAFE_INTEGER;
    node.maximum ??= Number.MAX_SAFE_INTEGER;
  }
}

function visit(value: unknown) {
  if (Array.isArray(value)) {
    for (const item of value) visit(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Node;
  applyRules(node);
  for (const [key, child] of Object.entries(node)) {
    // Examples and links are data, not schemas.
    if (key === 'example' || key === 'examples' || key === 'links' || key === 'default') continue;
    visit(child);
  }
}
