import { Kysely, type Dialect as KyselyDialect } from 'kysely';
import { migrate } from './migrations';
import type { StorageReads } from './read-path';
import type { Dialect, Schema } from './schema';
import type { StatementTracing } from './statement-tracing';
import type { PerStorage, Storage } from './storage';
import { type TransactionRunner, type WriteLockOptions, writeTransactionOn } from './write-locks';

/**
 * Opens a database and migrates it. On PostgreSQL every write transaction locks what it declares,
 * so several processes can share the database, migrations included; on SQLite the database has
 * one writer anyway.
 */
export async function openStorage(options: {
  kysely: KyselyDialect;
  dialect: Dialect;
  location: string;
  now: () => Date;
  /** The runtime's read path (sync-sqlite.ts, the Node server's PostgreSQL); default none. */
  reads?: StorageReads | undefined;
  /** Where SQL transactions are refused: how the runtime runs one (durable-object.ts). */
  runTransaction?: TransactionRunner | undefined;
  /** PostgreSQL only; default: 5 concurrent write transactions. */
  writeLocks?: Partial<WriteLockOptions>;
  /** False when the database is known to be at the latest version (an in-memory copy of one). Default true. */
  migrate?: boolean;
  /** A CLIENT span per statement (decision 0031); default none: the dialect and reads unwrapped. */
  tracing?: StatementTracing | undefined;
}): Promise<Storage> {
  const tracing = options.tracing;
  const db = new Kysely<Schema>({
    dialect: tracing ? tracing.statements(options.kysely, options.dialect) : options.kysely,
  });
  const given = options.reads;
  const reads =
    tracing && given ? { ...given, quick: tracing.quickReads(given.quick, options.dialect) } : given;
  const writeTransaction = writeTransactionOn(
    db,
    options.dialect === 'postgres' ? { maxConcurrentWrites: 5, ...options.writeLocks } : undefined,
    options.runTransaction,
  );
  const owned = new Map<PerStorage<unknown>, unknown>();
  const storage: Storage = {
    db,
    dialect: options.dialect,
    location: options.location,
    reads,
    writeTransaction,
    own<T>(state: PerStorage<T>): T {
      if (owned.has(state)) return owned.get(state) as T;
      const made = state.create();
      owned.set(state, made);
      return made;
    },
    close: async () => {
      owned.clear();
      await db.destroy();
    },
  };
  try {
    if (options.migrate !== false) await migrate(storage, options.now);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return storage;
}
