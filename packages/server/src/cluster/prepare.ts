import { ensureBootstrapKey, writeTransaction } from '@wsadmin/server-core';
import { sql } from 'kysely';
import type { ServerConfig } from '../config';
import { openStorageFromUrl } from '../open-storage';

/**
 * What a cluster's primary does once before forking: migrate, make sure the bootstrap key exists
 * (so a new key is created, and its secret printed, once), and check that SQLite runs in WAL mode,
 * the mode in which readers in one process do not block the writer in another.
 */
export async function prepareDatabase(
  config: ServerConfig,
): Promise<{ location: string; createdKeySecret: string | undefined }> {
  const storage = await openStorageFromUrl(config.databaseUrl, () => new Date(), {
    testHooks: config.testHooks,
  });
  try {
    if (storage.dialect === 'sqlite') {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(storage.db);
      const mode = rows[0]?.journal_mode;
      if (mode !== 'wal')
        throw new Error(
          `WSADMIN_WORKERS=${config.workers} needs SQLite's WAL mode, and ${storage.location} stays in "${mode}" mode (a network file system?): use WSADMIN_WORKERS=1 or PostgreSQL`,
        );
    }
    const bootstrap = await writeTransaction(storage.db, 'global', (trx) =>
      ensureBootstrapKey(trx, new Date(), config.bootstrapKey),
    );
    return { location: storage.location, createdKeySecret: bootstrap?.secret };
  } finally {
    await storage.close();
  }
}
