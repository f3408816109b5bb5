import { Kysely, type Dialect as KyselyDialect } from 'kysely';
import { migrate } from './migrations';
import type { Dialect, Schema } from './schema';
import { withSerializedWrites } from './serialized-writes';

/** An open database with the schema migrated. */
export interface Storage {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  readonly location: string;
  close(): Promise<void>;
}

/**
 * Opens a database and migrates it. On PostgreSQL every write transaction takes the write lock
 * (see serialized-writes.ts), so transactions behave as on SQLite and several processes can share
 * the database, migrations included.
 */
export async function openStorage(options: {
  kysely: KyselyDialect;
  dialect: Dialect;
  location: string;
  now: () => Date;
}): Promise<Storage> {
  const kysely = options.dialect === 'postgres' ? withSerializedWrites(options.kysely) : options.kysely;
  const db = new Kysely<Schema>({ dialect: kysely });
  try {
    await migrate(db, options.dialect, options.now);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    dialect: options.dialect,
    location: options.location,
    close: () => db.destroy(),
  };
}
