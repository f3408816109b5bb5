import { ensureBootstrapKey } from '@wsadmin/server-core';
import { sql } from 'kysely';
import type { ServerConfig } from '../config';
import { openStorageFromUrl } from '../open-storage';

/**
 * What a cluster's primary does once before forking: migrate, and check that SQLite runs in WAL
 * mode, the mode in which readers in one process do not block the writer in another. The key comes
 * later (`ensureKeyOnce`), once the workers listen.
 */
export async function prepareDatabase(config: ServerConfig): Promise<{ location: string }> {
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
    return { location: storage.location };
  } finally {
    await storage.close();
  }
}

/**
 * Makes sure the bootstrap key exists, once for the whole cluster, after every worker listens: a
 * cluster that cannot listen (port in use) must not create a key it never prints, which the next
 * start would then not create again. Returns the secret of a key created now.
 */
export async function ensureKeyOnce(config: ServerConfig): Promise<string | undefined> {
  const storage = await openStorageFromUrl(config.databaseUrl, () => new Date(), {
    testHooks: config.testHooks,
  });
  try {
    const bootstrap = await storage.writeTransaction('global', (trx) =>
      ensureBootstrapKey(trx, new Date(), config.bootstrapKey),
    );
    return bootstrap?.secret;
  } finally {
    await storage.close();
  }
}
