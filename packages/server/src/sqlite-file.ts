import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openSyncSqliteStorage, type StatementTracing, type Storage } from '@wsadmin/server-core';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteOpenError } from './database-open-errors';

export interface SqliteOptions {
  /** Work this long at most before the event loop gets a turn (server-core's yielding-dialect.ts). Default 10 ms. */
  yieldAfterMs?: number;
  /** A CLIENT span per statement (OpenTelemetry, decision 0031); default none. */
  tracing?: StatementTracing | undefined;
}

/** SQLite file storage (better-sqlite3): WAL mode, foreign keys on. `:memory:` opens a private in-memory database. */
export async function openSqliteStorage(
  file: string,
  now: () => Date,
  options: SqliteOptions = {},
): Promise<Storage> {
  const database = openFile(file);
  // A plain pragma statement: the pragma_data_version() table function cost three times as much.
  const dataVersion = database.prepare('pragma data_version').pluck();
  return openSyncSqliteStorage(
    {
      prepare: (sql) => database.prepare(sql),
      get inTransaction() {
        return database.inTransaction;
      },
      dataVersion: () => dataVersion.get() as number,
      close: () => void database.close(),
    },
    { location: file, now, yieldAfterMs: options.yieldAfterMs, tracing: options.tracing },
  );
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
