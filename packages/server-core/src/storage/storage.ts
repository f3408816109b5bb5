import { Kysely, type Dialect as KyselyDialect } from 'kysely';
import { migrate } from './migrations';
import type { Dialect, Schema } from './schema';
import { enableWriteLocks, type WriteLockOptions } from './write-locks';

/** An open database with the schema migrated. */
export interface Storage {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  readonly location: string;
  close(): Promise<void>;
}

/**
 * Opens a database and migrates it. On PostgreSQL every write transaction (writeTransaction in
 * write-locks.ts) locks what it declares, so several processes can share the database, migrations
 * included; on SQLite the database has one writer anyway.
 */
export async function openStorage(options: {
  kysely: KyselyDialect;
  dialect: Dialect;
  location: string;
  now: () => Date;
  /** PostgreSQL only; default: 5 concurrent write transactions, no test hook. */
  writeLocks?: Partial<WriteLockOptions>;
  /** False when the database is known to be at the latest version (an in-memory copy of one). Default true. */
  migrate?: boolean;
}): Promise<Storage> {
  const db = new Kysely<Schema>({ dialect: options.kysely });
  if (options.dialect === 'postgres') {
    enableWriteLocks(db, { maxConcurrentWrites: 5, ...options.writeLocks });
  }
  try {
    if (options.migrate !== false) await migrate(db, options.dialect, options.now);
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
