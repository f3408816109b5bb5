import { type Role, type RootedSchema, resolved, roleOf, type SchemaNode } from './contract-schemas';

/** Where a value stands in the schema: the node that documents it (undefined: outside the document). */
export interface Located {
  node: SchemaNode | undefined;
  role: Role;
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

function fits(node: SchemaNode, value: unknown): boolean {
  const type = jsonType(value);
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  if (types.length === 0) return node.const === undefined || node.const === value;
  if (type === 'object' && node.properties !== undefined && node.additionalProperties === false) {
    // A union of strict objects (`{ measures }` or `{ dimensions }`): the branch that names every key.
    const properties = node.properties;
    return Object.keys(value as object).every((key) => key in properties);
  }
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** The branch of a union a value takes (the first whose type fits), the node itself otherwise. */
export function branchFor(
  node: SchemaNode,
  value: unknown,
  defs: RootedSchema['defs'],
): { node: SchemaNode; refName?: string } {
  let current = resolved(node, defs);
  for (let depth = 0; depth < 8; depth += 1) {
    const union = current.node.anyOf ?? current.node.oneOf;
    if (union !== undefined) {
      const options = union.map((option) => resolved(option, defs));
      const chosen =
        options.find(
          (option) => fits(option.node, value) && (option.node.anyOf ?? option.node.oneOf) === undefined,
        ) ?? options.find((option) => (option.node.anyOf ?? option.node.oneOf) !== undefined);
      if (chosen === undefined) return current;
      const refName = chosen.refName ?? current.refName;
      current = refName === undefined ? { node: chosen.node } : { node: chosen.node, refName };
      continue;
    }
    if (current.node.allOf !== undefined) {
      const parts = current.node.allOf.map((part) => resolved(part, defs).node);
      const properties: Record<string, SchemaNode> = Object.assign(
        {},
        current.node.properties,
        ...parts.map((part) => part.properties ?? {}),
      );
      const { allOf: _merged, ...rest } = current.node;
      const merged: SchemaNode = { ...rest, type: 'object', properties };
      return current.refName === undefined ? { node: merged } : { node: merged, refName: current.refName };
    }
    return current;
  }
  return current;
}

/** The schema node of a member of an object or array node (undefined: not in the document). */
export function memberNode(parent: SchemaNode, key: string | number): SchemaNode | undefined {
  if (typeof key === 'number') return parent.prefixItems?.[key] ?? parent.items;
  const property = parent.properties?.[key];
  if (property !== undefined) return property;
  return typeof parent.additionalProperties === 'object' ? parent.additionalProperties : undefined;
}

/** The role of a value under `node` at field `name`. */
export function locate(
  node: SchemaNode | undefined,
  value: unknown,
  name: string | undefined,
  defs: RootedSchema['defs'],
): Located & { branch?: SchemaNode } {
  if (node === undefined) return { node: undefined, role: 'value' };
  const branch = branchFor(node, value, defs);
  return { node: branch.node, role: roleOf(name, branch.node, branch.refName), branch: branch.node };
}

/** Where an identifier stands: its field name and the field names above it (see `fieldKind`). */
export interface IdentifierPlace {
  name: string | undefined;
  enclosing: readonly string[];
}

/**
 * The field names above a member, for `fieldKind`: a top-level field holding a list (a batch
 * body's `workspaces`, `measures`) is left out, its items being the operation's own objects.
 */
export const enclosingOf = (enclosing: readonly string[], key: string, value: unknown, depth: number) =>
  depth === 0 && Array.isArray(value) ? enclosing : [...enclosing, key];

/** A copy of `value` with every identifier the schema marks passed through `map`. */
export function mapIdentifiers(
  value: unknown,
  schema: RootedSchema | undefined,
  map: (value: string | number, place: IdentifierPlace) => unknown,
): unknown {
  if (schema === undefined) return value;
  const walk = (
    current: unknown,
    node: SchemaNode | undefined,
    name: string | undefined,
    enclosing: readonly string[],
    depth: number,
  ): unknown => {
    const located = locate(node, current, name, schema.defs);
    if (located.role === 'identifier' && (typeof current === 'number' || typeof current === 'string'))
      return map(current, { name, enclosing });
    const here = located.node;
    if (here === undefined) return current;
    if (Array.isArray(current))
      return current.map((item, index) => walk(item, memberNode(here, index), name, enclosing, depth + 1));
    if (typeof current === 'object' && current !== null) {
      return Object.fromEntries(
        Object.entries(current).map(([key, field]) => [
          key,
          walk(field, memberNode(here, key), key, enclosingOf(enclosing, key, field, depth), depth + 1),
        ]),
      );
    }
    return current;
  };
  return walk(value, schema.node, undefined, [], 0);
}
