import type { Kysely, Transaction } from 'kysely';
import type { StorageReads } from './read-path';
import type { Dialect, Schema } from './schema';
import type { WriteScope } from './write-locks';

/**
 * Something a storage keeps for itself: a cache, a compiled statement, a fact about its database.
 * Declared once, in the module that uses it (`perStorage`); each storage makes its own instance on
 * first use (`storage.own`), so two storages in one process (a reopened mock, a test beside a
 * server) share nothing, and a closed storage takes its state with it.
 */
export interface PerStorage<T> {
  readonly create: () => T;
}

export function perStorage<T>(create: () => T): PerStorage<T> {
  return { create };
}

/**
 * The port every handler and query works through: an open database with the schema migrated, and
 * all the server keeps per database. Each opener (sql.js, a synchronous SQLite driver, PostgreSQL,
 * a Durable Object's SQLite) returns one, made by `openStorage` (open-storage.ts); the app hands
 * it to handlers in their context. A plain object of closures, so a wrapper (`{ ...storage, writeTransaction }`, e.g. a test hook) keeps the same state.
 */
export interface Storage {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  readonly location: string;
  /**
   * Reads of committed data outside Kysely and the change version that keeps rows and answers
   * (decision 0020); undefined where the runtime has neither (sql.js): every read runs.
   */
  readonly reads: StorageReads | undefined;
  /**
   * Runs `work` in a write transaction that first takes the locks of `scope` (write-locks.ts).
   * Every write transaction of the server goes through here, so each declares what it
   * serializes on.
   */
  writeTransaction<T>(scope: WriteScope, work: (trx: Transaction<Schema>) => Promise<T>): Promise<T>;
  /** This storage's instance of `state`, made on first use. */
  own<T>(state: PerStorage<T>): T;
  close(): Promise<void>;
}

/**
 * What a read runs on: the storage itself (its kept rows and quick reads apply), or a transaction
 * open in it, whose reads take Kysely's path on the transaction's connection and are never kept
 * (they may see the transaction's own uncommitted writes).
 */
export type Reader = Storage | Kysely<Schema>;

export function isStorage(reader: Reader): reader is Storage {
  return 'own' in reader;
}

/** The Kysely instance a reader's queries are built on. */
export function kyselyOf(reader: Reader): Kysely<Schema> {
  return isStorage(reader) ? reader.db : reader;
}
