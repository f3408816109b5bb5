import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  postgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/postgres';

/** An empty database for one benchmark run. */
export interface Backend {
  name: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A SQLite file in a temporary directory, as `npm start` opens it. */
export function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-bench-'));
  return {
    name: 'SQLite (better-sqlite3 file, WAL, synchronous=NORMAL)',
    databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A database on a throwaway local PostgreSQL server with production durability (fsync and
 * synchronous commit on), or on BENCH_POSTGRES_URL (a superuser URL of a server of your own).
 * Undefined, with a note, when neither is available.
 */
export async function postgresBackend(): Promise<Backend | undefined> {
  let server: ThrowawayPostgres | undefined;
  let adminUrl = process.env.BENCH_POSTGRES_URL;
  if (!adminUrl) {
    if (!existsSync(join(postgresBin, 'initdb'))) {
      process.stderr.write(
        `bench: no PostgreSQL in ${postgresBin} (or set BENCH_POSTGRES_URL); skipping it\n`,
      );
      return undefined;
    }
    server = await startThrowawayPostgres({ durable: true });
    adminUrl = server.adminUrl;
  }
  return {
    name: 'PostgreSQL 15 (local, loopback, fsync on)',
    databaseUrl: await createTestDatabase(adminUrl, 'bench'),
    close: async () => server?.stop(),
  };
}
