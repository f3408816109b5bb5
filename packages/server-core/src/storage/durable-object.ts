import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Transaction,
} from 'kysely';
import { Semaphore } from '../semaphore';
import { openStorage } from './open-storage';
import type { StorageReads } from './read-path';
import type { Schema } from './schema';
import type { Storage } from './storage';

/** What a SQLite-backed Durable Object's `ctx.storage.sql.exec` answers: a cursor over the rows. */
export interface DurableObjectSqlCursor {
  toArray(): Record<string, unknown>[];
  /** Rows the statement wrote. */
  readonly rowsWritten: number;
}

/** The part of a SQLite-backed Durable Object's `ctx.storage` this storage uses. */
export interface DurableObjectStorageLike {
  sql: { exec(query: string, ...bindings: unknown[]): DurableObjectSqlCursor };
  /**
   * Runs `closure` as one transaction, committed when it resolves and rolled back when it rejects,
   * across its awaits (SQL `BEGIN` and `SAVEPOINT` are refused in a Durable Object).
   */
  transaction<T>(closure: () => Promise<T>): Promise<T>;
}

/**
 * Storage inside a SQLite-backed Durable Object (decision 0029): every write transaction is one of
 * the object's own (`ctx.storage.transaction`), so a failed batch leaves nothing and no request can
 * undo another's acknowledged write. The object is the database's only writer and runs one
 * statement at a time, so it keeps the read path of the other runtimes (decision 0020): reads
 * outside Kysely between transactions and a change version, here a count of its own writes.
 */
export async function openDurableObjectStorage(
  storage: DurableObjectStorageLike,
  now: () => Date,
): Promise<Storage> {
  const state = { writes: 0, inTransaction: false };
  const driver = new DurableObjectDriver(storage, () => {
    state.writes++;
  });
  const reads: StorageReads = {
    quick: (sql, parameters) =>
      state.inTransaction ? undefined : storage.sql.exec(sql, ...parameters.map(sqliteValue)).toArray(),
    // A write of a transaction that rolls back moves it too: the caches only look again.
    version: () => (state.inTransaction ? undefined : state.writes),
  };
  return openStorage({
    kysely: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    dialect: 'sqlite',
    location: 'Durable Object (SQLite)',
    now,
    reads,
    // The connection is held for the whole transaction: every other query of the object waits for
    // it, so none reads the transaction's writes before they commit.
    runTransaction: <T>(db: Kysely<Schema>, work: (trx: Transaction<Schema>) => Promise<T>) =>
      db.connection().execute((connection) =>
        storage.transaction(async () => {
          state.inTransaction = true;
          try {
            // The connection's Kysely, as a transaction: its queries run inside this one.
            return await work(connection as unknown as Transaction<Schema>);
          } finally {
            state.inTransaction = false;
          }
        }),
      ),
  });
}

class DurableObjectConnection implements DatabaseConnection {
  constructor(
    private readonly storage: DurableObjectStorageLike,
    private readonly wrote: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The one savepoint (migration 5's probe for FTS5) guards a statement that either creates the
    // search table or nothing, so there is nothing to roll back without it.
    if (SAVEPOINT.test(query.sql)) return { rows: [] };
    const cursor = this.storage.sql.exec(query.sql, ...query.parameters.map(sqliteValue));
    const rows = cursor.toArray() as R[];
    if (READ.test(query.sql)) return { rows };
    this.wrote();
    const insertId = INSERT.test(query.sql)
      ? this.storage.sql.exec('select last_insert_rowid() as id').toArray()[0]?.id
      : undefined;
    return {
      rows,
      numAffectedRows: BigInt(cursor.rowsWritten),
      ...(typeof insertId === 'number' ? { insertId: BigInt(insertId) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: Kysely's stream() is never used by the server.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Durable Object storage cannot stream a query');
  }
}

const SAVEPOINT = /^\s*(savepoint|release savepoint|rollback to savepoint)\b/i;
const READ = /^\s*(select|with|pragma)\b/i;
const INSERT = /^\s*insert\b/i;

/** SQLite binds no booleans or undefined. */
function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value === undefined ? null : value;
}

/**
 * One connection, taken in turn, as Kysely's own SQLite driver does. Kysely's transactions are
 * refused: the storage's `writeTransaction` runs the object's own (`runTransaction` above).
 */
class DurableObjectDriver implements Driver {
  readonly #connection: DurableObjectConnection;
  readonly #turns = new Semaphore(1);

  constructor(storage: DurableObjectStorageLike, wrote: () => void) {
    this.#connection = new DurableObjectConnection(storage, wrote);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.acquire();
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('Durable Object storage: write through storage.writeTransaction');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {
    this.#turns.release();
  }

  async destroy(): Promise<void> {}
}
