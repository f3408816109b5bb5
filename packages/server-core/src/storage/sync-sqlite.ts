import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import { BoundedMap } from '../bounded-map';
import { openStorage } from './open-storage';
import type { StorageReads } from './read-path';
import type { StatementTracing } from './statement-tracing';
import type { Storage } from './storage';
import { yieldingDialect } from './yielding-dialect';

/**
 * A prepared statement of a synchronous SQLite driver, in the shape Kysely's SqliteDialect drives:
 * better-sqlite3 (Node), `bun:sqlite` (Bun) and `node:sqlite` (Deno, adapted) all answer so.
 */
export interface SyncSqliteStatement extends SqliteStatement {
  /** False when SQLite knows the statement cannot write; absent where the driver does not say. */
  readonly readonly?: boolean;
}

/** A synchronous SQLite connection: one per server process, as the file database has one writer. */
export interface SyncSqliteConnection {
  prepare(sql: string): SyncSqliteStatement;
  /** A transaction is open on this connection (another request's, open across an await). */
  readonly inTransaction: boolean;
  /** `pragma data_version`: moves whenever another connection or process commits. */
  dataVersion(): number;
  close(): void;
}

export interface SyncSqliteOptions {
  /** Where the data lives, for logs. */
  location: string;
  now: () => Date;
  /** Work this long at most before the event loop gets a turn (yielding-dialect.ts). Default 10 ms. */
  yieldAfterMs?: number | undefined;
  /** A CLIENT span per statement (decision 0031); default none. */
  tracing?: StatementTracing | undefined;
}

/**
 * Storage on a synchronous SQLite connection with the read path of decision 0020: kept prepared
 * statements, reads outside Kysely between transactions, and a change version for the caches.
 */
export async function openSyncSqliteStorage(
  connection: SyncSqliteConnection,
  options: SyncSqliteOptions,
): Promise<Storage> {
  // Every statement that may write, run through Kysely's statements on this connection (all of the
  // server's writes), counted: how this process's own writes move the change version below.
  let writes = 0;
  const statements = withStatementCache(connection, 1000, () => {
    writes++;
  });
  // The change version: data_version, moved by every commit of another connection or process, plus
  // this connection's writes (data_version does not see those); both only grow, so their sum
  // changes whenever either does. data_version is a statement (about 5 µs): a request reads it once
  // when it starts and holds that read to its end (`HeldVersion`); the count of writes stays live,
  // so a write of this process, the request's own included, is seen by the next look.
  let holds = 0;
  let heldDataVersion = 0;
  const reads: StorageReads = {
    // Outside a transaction the connection reads committed data only; inside one (another
    // request's, open across an await) the read waits its turn in Kysely instead.
    quick: (sql, parameters) =>
      connection.inTransaction ? undefined : statements.prepare(sql).all(parameters),
    version: () => {
      if (connection.inTransaction) return undefined;
      return (holds > 0 ? heldDataVersion : connection.dataVersion()) + writes;
    },
    held: {
      hold() {
        // The newest read serves every request holding one: each was made after its request arrived.
        heldDataVersion = connection.dataVersion();
        holds++;
      },
      release() {
        holds--;
      },
    },
  };
  return openStorage({
    kysely: yieldingDialect(new SqliteDialect({ database: statements }), options.yieldAfterMs ?? 10),
    dialect: 'sqlite',
    location: options.location,
    now: options.now,
    reads,
    tracing: options.tracing,
  });
}

/**
 * Kysely begins its transactions with a plain (deferred) `begin`; it is made `begin immediate`.
 * With several processes on one file (WSADMIN_WORKERS), a deferred transaction that read before
 * another process committed cannot take the write lock any more (SQLITE_BUSY_SNAPSHOT, at once,
 * without the busy timeout); an immediate one waits for the lock before reading anything. One
 * process loses nothing: its single connection runs one transaction at a time anyway.
 *
 * Kysely prepares every statement anew, which cost a tenth of a commit's time (npm run bench); a
 * server runs the same few hundred statements over and over, so the prepared ones are kept (least
 * recently used dropped first). Safe because Kysely runs one statement at a time on its single
 * connection, and SQLite re-prepares a kept statement by itself after a schema change.
 *
 * `onWrite` is called after each run of a statement that may write (not read-only to SQLite: an
 * INSERT, UPDATE or DELETE with or without RETURNING, DDL; not SELECT, BEGIN or COMMIT), whether it
 * succeeded or not. Where the driver does not say which statements are read-only, every statement
 * but a SELECT counts: a write too many only makes the caches look again.
 */
export function withStatementCache(
  connection: Pick<SyncSqliteConnection, 'prepare' | 'close'>,
  size = 1000,
  onWrite?: () => void,
): SqliteDatabase {
  const cache = new BoundedMap<string, SqliteStatement>({ maxEntries: size });
  return {
    close: () => connection.close(),
    prepare(text) {
      const sql = text === 'begin' ? 'begin immediate' : text;
      const kept = cache.get(sql);
      if (kept) return kept;
      const prepared = connection.prepare(sql);
      const readOnly = prepared.readonly ?? /^\s*select\b/i.test(sql);
      const statement = onWrite && !readOnly ? countedWrites(prepared, onWrite) : prepared;
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** A statement that calls `onWrite` after every run (and every row of an iteration). */
function countedWrites(statement: SqliteStatement, onWrite: () => void): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } finally {
        onWrite();
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } finally {
        onWrite();
      }
    },
    *iterate(parameters) {
      try {
        for (const row of statement.iterate(parameters)) {
          onWrite();
          yield row;
        }
      } finally {
        onWrite();
      }
    },
  };
}
