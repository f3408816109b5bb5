/** What a redacted value reads. */
export const REDACTED = '[redacted]';

/** Request and answer headers that carry credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
]);
const SECRET_HEADER_WORDS = /(^|-)(secret|password|token|api-?key|session)(-|$)/i;

/** Body fields that hold a secret, at any depth. */
const SECRET_FIELDS = /password|passwd|secret/i;

/** Stored columns that hold a secret or its hash. */
const SECRET_COLUMNS = /password|secret|hash|auth_data/i;

/** Headers by lower-case name, credentials redacted. */
export function redactedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    out[lower] = SECRET_HEADERS.has(lower) || SECRET_HEADER_WORDS.test(lower) ? REDACTED : value;
  });
  return out;
}

/** A JSON value with every password or secret field replaced, at any depth. */
export function redactedBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactedBody);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      SECRET_FIELDS.test(key) && field !== null && field !== undefined ? REDACTED : redactedBody(field),
    ]),
  );
}

/** A stored row with secret columns (password hashes, key hashes, token hashes) replaced. */
export function redactedRow(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      SECRET_COLUMNS.test(column) && value !== null ? REDACTED : value,
    ]),
  );
}
