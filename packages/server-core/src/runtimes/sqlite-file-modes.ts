import { StartupError } from '../settings/startup-error';
import type { Storage } from '../storage/storage';

/**
 * The modes every server's SQLite file is opened in (as better-sqlite3 on Node): WAL, so readers
 * and the writer do not block each other; foreign keys on; `synchronous = NORMAL` (safe with WAL);
 * and a busy timeout for another process's write, such as `wsadmin-keys` on the same file.
 */
export const SQLITE_FILE_PRAGMAS = [
  'pragma journal_mode = WAL',
  'pragma foreign_keys = ON',
  'pragma synchronous = NORMAL',
  'pragma busy_timeout = 5000',
] as const;

/** Makes the file's directory, so a first start on `sqlite:./data/wsadmin.db` finds a place. */
export async function makeDirectoryOf(file: string): Promise<void> {
  if (file === ':memory:') return;
  const { mkdirSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(file), { recursive: true });
}

/**
 * Opens the SQLite file of DATABASE_URL for a start: whatever stops it (a file in the way of the
 * directory, a file that is not a database, a migration) is a StartupError, one line naming the file.
 */
export async function openSqliteFile(file: string, open: () => Promise<Storage>): Promise<Storage> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw new StartupError(`cannot open the SQLite file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
