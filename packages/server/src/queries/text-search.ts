import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

/** `%q%` for LIKE, with LIKE's own wildcards escaped so they match literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
