import type { Dialect, Schema } from '@wsadmin/server-core';
import { type Kysely, sql } from 'kysely';

/**
 * Runs `work` with some indexes dropped, then puts them back exactly as they were: the "before"
 * of a migration that adds indexes, measured on the same data in the same run as the "after".
 */
export async function withoutIndexes<T>(
  db: Kysely<Schema>,
  dialect: Dialect,
  names: string[],
  work: () => Promise<T>,
): Promise<T> {
  const definitions = await indexDefinitions(db, dialect, names);
  for (const name of definitions.keys()) await sql`drop index ${sql.id(name)}`.execute(db);
  try {
    return await work();
  } finally {
    for (const definition of definitions.values()) await sql.raw(definition).execute(db);
    await analyze(db, dialect);
  }
}

async function indexDefinitions(db: Kysely<Schema>, dialect: Dialect, names: string[]) {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and indexname in (${sql.join(names)})`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and name in (${sql.join(names)})`.execute(db);
  return new Map(rows.map((row) => [row.name, row.definition]));
}

/**
 * Fresh planner statistics, as autovacuum would have after a bulk load (on PostgreSQL this also
 * merges GIN pending lists into the index, which autovacuum does within a minute or so). On SQLite
 * the account search index (FTS5, migration 5) is merged into one segment: a bulk load of many
 * transactions leaves it in many, and each search term then looks each trigram up in every one
 * (docs/performance-history.md, "Lists and search", gives the figures both ways).
 */
export async function analyze(db: Kysely<Schema>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`vacuum analyze accounts, objects`.execute(db);
    return;
  }
  await sql`analyze`.execute(db);
  const { rows } = await sql`select 1 from sqlite_master where name = 'accounts_search'`.execute(db);
  if (rows.length > 0)
    await sql`insert into accounts_search (accounts_search) values ('optimize')`.execute(db);
}
