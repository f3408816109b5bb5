import type { Storage } from '../storage/storage';
import { openSqliteStorage } from './sqlite-file';

/** Opens the storage a DATABASE_URL names: `sqlite:<file>` or `sqlite::memory:`. */
export async function openStorageFromUrl(url: string, now: () => Date): Promise<Storage> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (!file) throw new Error('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/wsadmin.db');
    return openSqliteStorage(file, now);
  }
  throw new Error(
    `unsupported DATABASE_URL "${url.replace(/\/\/[^@]*@/, '//***@')}": use sqlite:<file> or sqlite::memory:`,
  );
}
