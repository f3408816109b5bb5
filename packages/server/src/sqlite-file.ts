import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { enableQuickReads, openStorage, type Storage } from '@wsadmin/server-core';
import BetterSqlite3 from 'better-sqlite3';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import { sqliteOpenError } from './database-open-errors';
import { yieldingDialect } from './sqlite-yield';

export interface SqliteOptions {
  /** Work this long at most before the event loop gets a turn (sqlite-yield.ts). Default 10 ms. */
  yieldAfterMs?: number;
}

/** SQLite file storage (better-sqlite3): WAL mode, foreign keys on. `:memory:` opens a private in-memory database. */
export async function openSqliteStorage(
  file: string,
  now: () => Date,
  options: SqliteOptions = {},
): Promise<Storage> {
  const database = openFile(file);
  // Every statement that may write, run through Kysely's statements on this connection (all of the
  // server's writes), counted: how this process's own writes move the change version below.
  let writes = 0;
  const statements = withStatementCache(database, 1000, () => {
    writes++;
  });
  const storage = await openStorage({
    kysely: yieldingDialect(new SqliteDialect({ database: statements }), options.yieldAfterMs ?? 10),
    dialect: 'sqlite',
    location: file,
    now,
  });
  // The change version: data_version, moved by every commit of another connection or process, plus
  // this connection's writes (data_version does not see those); both only grow, so their sum
  // changes whenever either does. data_version is a statement (about 5 µs): a request reads it once
  // when it starts and holds that read to its end (`HeldVersion`); the count of writes stays live,
  // so a write of this process, the request's own included, is seen by the next look.
  // A plain pragma statement: the pragma_data_version() table function cost three times as much.
  const dataVersion = database.prepare('pragma data_version').pluck();
  let holds = 0;
  let heldDataVersion = 0;
  // Outside a transaction the connection reads committed data only; inside one (another request's,
  // open across an await) the read waits its turn in Kysely instead.
  enableQuickReads(
    storage.db,
    (sql, parameters) => (database.inTransaction ? undefined : statements.prepare(sql).all(parameters)),
    () => {
      if (database.inTransaction) return undefined;
      return (holds > 0 ? heldDataVersion : (dataVersion.get() as number)) + writes;
    },
    undefined,
    {
      hold() {
        // The newest read serves every request holding one: each was made after its request arrived.
        heldDataVersion = dataVersion.get() as number;
        holds++;
      },
      release() {
        holds--;
      },
    },
  );
  return storage;
}

/** The file, created with its directory if missing, in the modes the server needs. */
function openFile(file: string): BetterSqlite3.Database {
  let database: BetterSqlite3.Database | undefined;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    database = new BetterSqlite3(file);
    // The first statement reads the file: a file that is no database fails here, not in the constructor.
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    return database;
  } catch (error) {
    database?.close();
    throw sqliteOpenError(file, error);
  }
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
 * succeeded or not.
 */
export function withStatementCache(
  database: BetterSqlite3.Database,
  size = 1000,
  onWrite?: () => void,
): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => void database.close(),
    prepare(text) {
      const sql = text === 'begin' ? 'begin immediate' : text;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        const prepared = database.prepare(sql);
        statement = onWrite && !prepared.readonly ? countedWrites(prepared, onWrite) : prepared;
        if (cache.size >= size) cache.delete(cache.keys().next().value ?? '');
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** A statement that calls `onWrite` after every run (and every row of an iteration). */
function countedWrites(statement: BetterSqlite3.Statement, onWrite: () => void): SqliteStatement {
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
