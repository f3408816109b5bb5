import type { Storage } from '@wsadmin/server-core';
import { openPostgresStorage, type PostgresOptions, redactUrl } from './postgres';
import { openSqliteStorage } from './sqlite-file';
import { StartupError } from './startup-error';

/**
 * Opens the storage a DATABASE_URL names: `sqlite:<file>`, `sqlite::memory:`, or
 * `postgres://user:password@host:5432/database` (also `postgresql://`). Of the options, a SQLite
 * file takes `tracing` only.
 */
export async function openStorageFromUrl(
  url: string,
  now: () => Date,
  postgres: PostgresOptions = {},
): Promise<Storage> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (!file)
      throw new StartupError('DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db');
    return openSqliteStorage(file, now, { tracing: postgres.tracing });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://'))
    return openPostgresStorage(url, now, postgres);
  throw new StartupError(
    `unsupported DATABASE_URL "${redactUrl(url)}": use sqlite:<file>, sqlite::memory: or postgres://user:password@host:5432/database`,
  );
}
