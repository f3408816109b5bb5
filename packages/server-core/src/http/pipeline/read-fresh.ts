import type { StorageReads } from '../../storage/read-path';

/**
 * Runs a request's work on what the database holds now. SQLite: the change version is read once,
 * here, and held for every kept thing (answers, key and workspace rows) the request looks at,
 * released when it ends, however it ends. PostgreSQL: a version read that started after the request
 * arrived is awaited first, so a commit that completed before it is seen, by whichever process made
 * it (decision 0020); many requests share one read. Other storages read as they go.
 */
export async function readFresh<T>(
  reads: Pick<StorageReads, 'held' | 'fresh'> | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const held = reads?.held;
  held?.hold();
  try {
    const fresh = reads?.fresh;
    if (fresh) await fresh();
    return await work();
  } finally {
    held?.release();
  }
}
