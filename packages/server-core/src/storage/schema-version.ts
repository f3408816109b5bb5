import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/** The newest migration applied to the database (0 before the first), as readiness compares it. */
export async function schemaVersion(db: Kysely<Schema>): Promise<number> {
  const row = await db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
