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
