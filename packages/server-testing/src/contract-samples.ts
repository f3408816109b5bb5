import { z } from 'zod';

/** A JSON value, as a request body carries it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The parts of JSON Schema (draft 2020-12, as zod writes it) that samples are made from. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: Json;
  enum?: Json[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** The input side of a zod schema as JSON Schema: what a caller may send. */
export function inputSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The uuid every sample uses: the fuzz run creates an account with it, so references resolve. */
export const SAMPLE_UUID = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const STRING_CANDIDATES = ['fuzz', 'a', 'key-1', 'A1', '12345', 'fuzz_value', 'fuzz@example.com', ''];

/**
 * Makes values that the schema accepts, where it can: the start of every fuzz case, so that
 * mutations reach past the first validation error. `minimal` sends required fields only, `full`
 * every field.
 */
export class SampleMaker {
  private readonly defs: Record<string, JsonSchema>;

  constructor(private readonly root: JsonSchema) {
    this.defs = root.$defs ?? {};
  }

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 20; hops++) {
      const name = current.$ref.replace(/^#\/\$defs\//, '');
      const target = current.$ref === '#' ? this.root : this.defs[name];
      if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
      const { $ref: _ref, ...rest } = current;
      current = { ...target, ...rest };
    }
    return current;
  }

  /** One sample per branch when the root is a union (e.g. preview create/update/delete), else one. */
  rootVariants(mode: 'minimal' | 'full'): Json[] {
    const root = this.resolve(this.root);
    const branches = root.oneOf ?? root.anyOf;
    if (!branches) return [this.sample(root, mode)];
    return branches.map((branch) => this.sample(branch, mode));
  }

  sample(input: JsonSchema, mode: 'minimal' | 'full', depth = 0): Json {
    const schema = this.resolve(input);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0] ?? null;
    const branches = schema.oneOf ?? schema.anyOf ?? schema.allOf;
    if (branches?.length) {
      const nonNull = branches.find((branch) => this.resolve(branch).type !== 'null') ?? branches[0];
      return nonNull ? this.sample(nonNull, mode, depth + 1) : null;
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const type = types.find((candidate) => candidate !== 'null') ?? types[0];
    switch (type) {
      case 'object':
        return this.sampleObject(schema, mode, depth);
      case 'array': {
        const count = Math.max(schema.minItems ?? 0, depth > 6 ? 0 : 1);
        const item = schema.items ?? {};
        return Array.from({ length: count }, (_, index) => schema.prefixItems?.[index] ?? item).map((each) =>
          this.sample(each, mode, depth + 1),
        );
      }
      case 'string':
        return sampleString(schema);
      case 'integer':
      case 'number':
        return sampleNumber(schema);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        // `{}`: anything goes.
        return 'fuzz';
    }
  }

  private sampleObject(schema: JsonSchema, mode: 'minimal' | 'full', depth: number): Json {
    const out: { [key: string]: Json } = {};
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (mode === 'full' || required.has(name)) out[name] = this.sample(property, mode, depth + 1);
    }
    const extra = schema.additionalProperties;
    if (typeof extra === 'object' && Object.keys(out).length === 0)
      out.fuzz = this.sample(extra, mode, depth + 1);
    return out;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return SAMPLE_UUID;
    case 'date-time':
      return '2030-01-01T00:00:00Z';
    case 'date':
      return '2030-01-01';
    case 'email':
      return 'fuzz@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fit = (text: string) => text.padEnd(min, 'x').slice(0, max);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  const matching = STRING_CANDIDATES.map(fit).find((text) => !pattern || pattern.test(text));
  return matching ?? fit('fuzz');
}

function sampleNumber(schema: JsonSchema): number {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
  let value = 1;
  if (low !== undefined && value < low) value = low;
  if (high !== undefined && value > high) value = high;
  return value;
}

/** Where a value can be changed: every member and item, up to a depth. */
export type PointPath = (string | number)[];

export function pointsOf(value: Json, maxDepth = 5, path: PointPath = []): PointPath[] {
  if (path.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const children: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return children.flatMap(([key, child]) => [[...path, key], ...pointsOf(child, maxDepth, [...path, key])]);
}

export function valueAt(value: Json, path: PointPath): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[Number(key)] : current[String(key)];
  }
  return current;
}

const clone = (value: Json): Json => structuredClone(value);

/** A copy of `value` with the point at `path` replaced (or removed when `replacement` is undefined). */
export function withPoint(value: Json, path: PointPath, replacement: Json | undefined): Json {
  if (path.length === 0) return replacement === undefined ? null : replacement;
  const copy = clone(value);
  const parent = valueAt(copy, path.slice(0, -1));
  const key = path[path.length - 1];
  if (parent === null || typeof parent !== 'object' || key === undefined) return copy;
  if (Array.isArray(parent)) {
    if (replacement === undefined) parent.splice(Number(key), 1);
    else parent[Number(key)] = replacement;
  } else if (replacement === undefined) {
    delete parent[String(key)];
  } else {
    parent[String(key)] = replacement;
  }
  return copy;
}

/** Deterministic PRNG (mulberry32): the same seed gives the same fuzz cases on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A stable 32-bit hash of a text (FNV-1a), to seed each operation's stream on its own. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
