import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect } from 'kysely';
import { openStorage, type Storage } from '../storage/storage';

/** SQLite file storage (better-sqlite3): WAL mode, foreign keys on. `:memory:` opens a private in-memory database. */
export async function openSqliteStorage(file: string, now: () => Date): Promise<Storage> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  return openStorage({ kysely: new SqliteDialect({ database }), dialect: 'sqlite', location: file, now });
}
