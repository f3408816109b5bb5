import type { JsonSchema } from './json-schema';

/** Keywords whose value is one subschema, or a list of them, or a name -> subschema map. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs'];

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every subschema below `schema` (not itself), with a function that replaces it in place. */
function subschemas(
  schema: JsonSchema,
  found: Array<{ node: JsonSchema; replace: (by: JsonSchema) => void }>,
) {
  const visit = (node: unknown, replace: (by: JsonSchema) => void) => {
    if (!isSchema(node)) return;
    found.push({ node, replace });
    subschemas(node, found);
  };
  for (const key of ONE)
    visit(schema[key], (by) => {
      schema[key] = by;
    });
  for (const key of LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const [index, item] of list.entries())
      visit(item, (by) => {
        list[index] = by;
      });
  }
  for (const key of MAP) {
    const map = schema[key];
    if (!isSchema(map)) continue;
    for (const name of Object.keys(map))
      visit(map[name], (by) => {
        map[name] = by;
      });
  }
  return found;
}

/**
 * The same schema with every subschema that occurs more than once (and is at least `minLength`
 * characters of JSON) stated once under `$defs` and referenced: the contract repeats a field's
 * schema and description in its create, edit and batch-edit shapes, and each tool lists them all.
 * The largest saving goes first; the schema accepts exactly what it accepted before.
 */
export function shareRepeatedSubschemas(schema: JsonSchema, minLength = 60): JsonSchema {
  const root = structuredClone(schema);
  const defs: Record<string, unknown> = isSchema(root.$defs) ? root.$defs : {};
  root.$defs = defs;
  for (let round = 0; ; round++) {
    const groups = new Map<string, Array<(by: JsonSchema) => void>>();
    for (const { node, replace } of subschemas(root, [])) {
      if ('$ref' in node && Object.keys(node).length === 1) continue;
      const text = JSON.stringify(node);
      if (text.length < minLength) continue;
      groups.set(text, [...(groups.get(text) ?? []), replace]);
    }
    let best: [string, Array<(by: JsonSchema) => void>] | undefined;
    let bestSaving = 0;
    for (const [text, replaces] of groups) {
      const saving = text.length * (replaces.length - 1);
      if (replaces.length > 1 && saving > bestSaving) [best, bestSaving] = [[text, replaces], saving];
    }
    if (!best) break;
    const name = `s${round}`;
    defs[name] = JSON.parse(best[0]);
    for (const replace of best[1]) replace({ $ref: `#/$defs/${name}` });
  }
  if (Object.keys(defs).length === 0) delete root.$defs;
  return root;
}
