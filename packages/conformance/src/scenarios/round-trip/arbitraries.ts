import { NON_BLANK_PATTERN } from '@wsadmin/contract';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod schemas, through the JSON Schema zod 4
 * writes for them (`z.toJSONSchema`, input side). No maintained library bridges zod 4 and
 * fast-check 4 (zod-fast-check is zod 3 and fast-check 3 only; json-schema-fast-check is
 * fast-check 1), so the walk is here: it reads the keywords the contract's request schemas use.
 * Every value is finally checked by the zod schema itself, so a keyword read loosely here can
 * only cost a filtered sample, never let an invalid body through as "valid".
 */

type Node = Record<string, unknown>;

/** Arrays and free texts are kept short: the property's cost is requests, not values. */
const MAX_ITEMS = 3;
const MAX_FREE_TEXT = 24;

/**
 * Free text: printable ASCII plus letters outside it, white space, an astral character and one
 * above the surrogates (`Ａ`, U+FF21: UTF-16 sorts it after `😀`, code points and UTF-8 before), so
 * encodings, trimming and orderings are exercised. No U+0000: every request string refuses it
 * (http/request.ts).
 */
const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'Ж', '中', '😀', 'Ａ', ' ', '\t', '%', '_', '\\', "'") },
);

const NON_BLANK = new RegExp(NON_BLANK_PATTERN);

function resolve(node: Node, defs: Record<string, Node>): Node {
  let current = node;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++)
    current = defs[current.$ref.replace('#/$defs/', '')] ?? {};
  return current;
}

function stringArbitrary(node: Node): fc.Arbitrary<string> {
  const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
  const maxLength = typeof node.maxLength === 'number' ? node.maxLength : Number.MAX_SAFE_INTEGER;
  const within = (text: string) => text.length >= minLength && text.length <= maxLength;
  const cap = Math.max(minLength, Math.min(maxLength, MAX_FREE_TEXT));
  const freeText = fc.string({ unit: textUnit, minLength, maxLength: cap });
  // Names ("not blank"): free text too, so they carry more than the ASCII `stringMatching` writes.
  if (node.pattern === NON_BLANK_PATTERN)
    return freeText.filter((text) => within(text) && NON_BLANK.test(text));
  if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern)).filter(within);
  if (node.format === 'uuid') return fc.uuid({ version: 4 });
  if (node.format === 'email') return fc.emailAddress().filter(within);
  return freeText.filter(within);
}

function numberArbitrary(node: Node): fc.Arbitrary<number> {
  const min = typeof node.minimum === 'number' ? node.minimum : Number.MIN_SAFE_INTEGER;
  const max = typeof node.maximum === 'number' ? node.maximum : Number.MAX_SAFE_INTEGER;
  if (node.type === 'integer') return fc.maxSafeInteger().map((n) => clamp(n, min, max));
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function objectArbitrary(node: Node, defs: Record<string, Node>): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Record<string, Node>;
  const required = new Set((node.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties)) model[name] = fromJsonSchema(child, defs);
  return fc.record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) });
}

/** An arbitrary of the values a JSON Schema (as zod 4 writes it) describes; loose, see above. */
export function fromJsonSchema(schema: Node, defs: Record<string, Node>): fc.Arbitrary<unknown> {
  const node = resolve(schema, defs);
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => fromJsonSchema(branch, defs)));
  switch (node.type) {
    case 'string':
      return stringArbitrary(node);
    case 'integer':
    case 'number':
      return numberArbitrary(node);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof node.minItems === 'number' ? node.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(MAX_ITEMS, (node.maxItems as number) ?? MAX_ITEMS));
      return fc.array(fromJsonSchema((node.items ?? {}) as Node, defs), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(node, defs);
    default:
      return fc.jsonValue();
  }
}

/** Valid request bodies of a zod schema: derived from its JSON Schema, then checked by zod itself. */
export function validBodies<T extends z.ZodType>(schema: T): fc.Arbitrary<z.input<T>> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  const defs = (json.$defs ?? {}) as Record<string, Node>;
  return fromJsonSchema(json, defs).filter((value) => schema.safeParse(value).success) as fc.Arbitrary<
    z.input<T>
  >;
}

/**
 * Values a property of a JSON Schema refuses, each with why: the wrong JSON type, and one past
 * each bound the property has. Made from the schema so the test follows the contract.
 */
export function invalidValuesOf(schema: z.ZodType, property: string): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  const defs = (json.$defs ?? {}) as Record<string, Node>;
  const node = resolve(
    ((resolve(json, defs).properties ?? {}) as Record<string, Node>)[property] ?? {},
    defs,
  );
  const found: unknown[] = [];
  const type = node.type ?? (node.anyOf as Node[] | undefined)?.[0]?.type;
  if (type === 'string') {
    found.push(12345);
    if (typeof node.maxLength === 'number') found.push('x'.repeat(node.maxLength + 1));
  } else if (type === 'integer' || type === 'number') {
    found.push('1');
    if (type === 'integer') found.push(1.5);
    if (typeof node.minimum === 'number') found.push(node.minimum - 1);
    if (typeof node.maximum === 'number' && node.maximum < Number.MAX_SAFE_INTEGER)
      found.push(node.maximum + 1);
  } else if (type === 'array') found.push('not-a-list');
  else found.push({ nested: true });
  return found;
}

/** One property of an object schema, and a value of it the contract refuses. */
export function invalidField(schema: z.ZodObject): fc.Arbitrary<{ field: string; value: unknown }> {
  return fc
    .constantFrom(...Object.keys(schema.shape))
    .chain((field) =>
      fc.record({ field: fc.constant(field), value: fc.constantFrom(...invalidValuesOf(schema, field)) }),
    );
}
