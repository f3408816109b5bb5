import { Kysely, type Dialect as KyselyDialect } from 'kysely';
import { migrate } from './migrations';
import type { Dialect, Schema } from './schema';

/** An open database with the schema migrated. */
export interface Storage {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  readonly location: string;
  close(): Promise<void>;
}

export async function openStorage(options: {
  kysely: KyselyDialect;
  dialect: Dialect;
  location: string;
  now: () => Date;
}): Promise<Storage> {
  const db = new Kysely<Schema>({ dialect: options.kysely });
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
