import { z } from 'zod';

/**
 * Scalars shared by several resources. Limits that the spec leaves open ("not shown") are
 * decided here once and recorded in docs/spec-gaps.md.
 */

/** Largest id the storage layer hands out (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
/** Short texts: names, keywords, labels, login names. */
export const SHORT_TEXT_MAX = 255;
/** Long texts: descriptions, introductions, corpus content is longer (see management). */
export const LONG_TEXT_MAX = 4096;
/** Items in one batch request (create-…, update-…, delete-…). */
export const BATCH_MAX = 1000;
/** Entries of one map a client fills (`baseField.choice`): as many as the items of a batch. */
export const MAP_ENTRIES_MAX = 1000;

export const Id = z.number().int().min(1).max(MAX_ID);

/**
 * An integer that arrives as text (path and query parameters). Only whole decimal numbers are
 * converted, so "12abc" or "" fail with a clear message instead of becoming NaN or 0.
 */
export function intFromText<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value),
    schema,
  );
}

export const IdParam = intFromText(Id);

export const ShortText = z.string().max(SHORT_TEXT_MAX);
export const LongText = z.string().max(LONG_TEXT_MAX);

/**
 * The characters `String.prototype.trim` (so zod's `.trim()`) removes, spelled out: `\s` differs
 * between regex engines (Python's, which Schemathesis uses, has no U+FEFF), so the document does
 * not rely on it.
 */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Every request string refuses U+0000 (server-core `http/request.ts`); patterns below say so too. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** Text with at least one character that trimming keeps, and no NUL. */
export const NON_BLANK_PATTERN = `^[^\\u0000]*[^\\u0000${TRIMMED}][^\\u0000]*$`;

/**
 * A name: the length limit applies to the text as sent, then white space at both ends is removed
 * and the rest must not be empty. The pattern states the "not blank" half in the document, which
 * cannot express `.trim()` (a whitespace-only value is not valid there either).
 */
export const NonEmptyShortText = z.string().max(SHORT_TEXT_MAX).trim().min(1).meta({
  pattern: NON_BLANK_PATTERN,
  description: 'Trimmed (white space at both ends removed); must not be blank.',
});

/** Keyword first, then aliases. */
export const Names = z
  .array(NonEmptyShortText)
  .min(1)
  .max(50)
  .meta({ id: 'Names', description: 'The first entry is the keyword, the rest are aliases.' });

/**
 * An account uid: uuid4 in the spec. UUID hex digits are case-insensitive (RFC 9562 §4), so any
 * case is accepted and canonicalised to lower case: one account, whatever the spelling.
 * `toLowerCase` is an in-place overwrite, so input and output types stay `string`. zod-to-openapi
 * writes only `format: uuid` (any version), so the version-4 pattern zod checks is stated too.
 */
const uuidV4 = z.uuid({ version: 'v4' });
export const UUID_V4_PATTERN = (uuidV4._zod.def.pattern ?? z.regexes.uuid(4)).source;
export const AccountUid = uuidV4.toLowerCase().meta({
  pattern: UUID_V4_PATTERN,
  description: 'Account uid (uuid4); any letter case, stored and answered in lower case.',
});

/** An account uid where a path or a list names an existing account: any text, compared in lower case. */
export const AccountUidRef = z.string().min(1).max(64).toLowerCase();

/** Feature permissions a key can carry. An empty list means "not restricted". */
export const FeaturePermission = z.enum(['auth', 'account', 'workspace', 'data', 'task', 'embed']).meta({
  id: 'FeaturePermission',
  description:
    'auth = login, account = user management, workspace = workspace management, data = data query, task = asynchronous task management, embed = vector service.',
});
export type FeaturePermission = z.infer<typeof FeaturePermission>;

/** Field data types used by time series, dimensions and mapping tables (spec: not shown). */
export const DataType = z.enum(['string', 'int', 'float', 'bool', 'date', 'datetime', 'timestamp']).meta({
  id: 'DataType',
  description:
    'Data type of a source field. Allowed values are not shown in the spec; see docs/spec-gaps.md.',
});

/** Time units of a time series (spec: not shown). */
export const TimeUnit = z.enum(['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second']).meta({
  id: 'TimeUnit',
  description: 'Time unit. Allowed values are not shown in the spec; see docs/spec-gaps.md.',
});

/** Operators of row-permission rules and dimension keyword filters. */
export const MatchOperator = z
  .enum(['contain', 'equal', 'startswith', 'endswith', 'isNull'])
  .meta({ id: 'MatchOperator' });

/** A model as other objects reference it. */
export const ModelRef = z
  .object({ uid: z.string(), name: z.string() })
  .meta({ id: 'ModelRef', description: 'A model that references the object.' });

/** ISO 8601 timestamp with offset. */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * `schema` or null. zod-to-openapi renders `.nullable()` of a named schema as `allOf` with a
 * null type, which no value satisfies; a union renders as `anyOf [$ref, null]`, which is right.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}
