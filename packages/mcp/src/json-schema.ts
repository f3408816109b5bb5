import { z } from 'zod';

/** A JSON Schema object as MCP carries it (`inputSchema`, `outputSchema`, elicitation forms). */
export type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of a zod schema as a caller writes it (`io: 'input'`): defaults optional,
 * transforms at their input. Without `$schema`, which names draft 2020-12: MCP clients validate
 * with validators (Ajv's default among them) that refuse a dialect they were not given, and MCP
 * already says which dialect a tool schema is in.
 */
export function jsonSchemaOf(schema: z.ZodType, options: { inline?: boolean } = {}): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    // An empty registry knows no schema ids: everything inline, for a schema placed inside another.
    ...(options.inline ? { metadata: z.registry<{ id?: string }>() } : {}),
    io: 'input',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      // zod writes the safe-integer range on every unbounded integer: noise in a list held to 60 kB.
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  }) as JsonSchema;
  return pointedAtDefs(rest) as JsonSchema;
}

/**
 * The contract writes a few raw JSON Schema parts for its OpenAPI document, whose references point
 * at `#/components/schemas/`; inside a tool's schema the same definitions are under `#/$defs/`.
 */
function pointedAtDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointedAtDefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/components/schemas/', '#/$defs/')
        : pointedAtDefs(inner),
    ]),
  );
}
