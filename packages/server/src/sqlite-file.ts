import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { enableQuickReads, openStorage, type Storage } from '@wsadmin/server-core';
import BetterSqlite3 from 'better-sqlite3';
import { type SqliteDatabase, SqliteDialect } from 'kysely';
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
  const statements = withStatementCache(database);
  const storage = await openStorage({
    kysely: yieldingDialect(new SqliteDialect({ database: statements }), options.yieldAfterMs ?? 10),
    dialect: 'sqlite',
    location: file,
    now,
  });
  // data_version moves with every commit of another connection, total_changes() with every row this
  // one writes by INSERT, UPDATE or DELETE (how workspaces and keys are written; cascades are not
  // counted); both only grow, so their sum changes whenever either does.
  // Two plain statements: the pragma_data_version() table function cost three times as much.
  const dataVersion = database.prepare('pragma data_version').pluck();
  const totalChanges = database.prepare('select total_changes()').pluck();
  // Outside a transaction the connection reads committed data only; inside one (another request's,
  // open across an await) the read waits its turn in Kysely instead.
  enableQuickReads(
    storage.db,
    (sql, parameters) => (database.inTransaction ? undefined : statements.prepare(sql).all(parameters)),
    () =>
      database.inTransaction ? undefined : (dataVersion.get() as number) + (totalChanges.get() as number),
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
 */
export function withStatementCache(database: BetterSqlite3.Database, size = 1000): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => void database.close(),
    prepare(text) {
      const sql = text === 'begin' ? 'begin immediate' : text;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value ?? '');
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
