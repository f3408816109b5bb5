import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

/**
 * `%q%` for LIKE, with LIKE's own wildcards escaped so they match literally. Only ASCII letters are
 * lowered: SQL `lower()` lowers no others, on SQLite nor on PostgreSQL text in the "C" collation
 * (storage/migrations.ts), so `Äb` finds `Äb` and `äb` finds `äb` on both.
 */
export function containsPattern(q: string): string {
  const lowered = q.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return `%${lowered.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive substring match of any of `columns`, the same on SQLite and PostgreSQL. */
export function anyColumnContains<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: string[],
  q: string,
): Expression<SqlBool> {
  const pattern = containsPattern(q);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}
