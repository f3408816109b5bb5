import { openStorage, type Storage } from '@wsadmin/server-core';
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { postgresOpenError } from './database-open-errors';

/**
 * Values as SQLite returns them, so queries read the same on both: 64-bit integers (`bigint`,
 * `count(*)`, `sum`) and numerics as numbers rather than strings, booleans as 0/1. Set per pool,
 * not on pg's global `types`, so other users of `pg` in the process are unaffected.
 */
const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;
const sqliteLikeTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** The URL without its password, for logs. Up to the last `@`: a password may hold an unencoded one. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):.*@/, '//$1:***@');
}

/** PostgreSQL storage, with the use of its connection pool (for metrics). */
export interface PostgresStorage extends Storage {
  poolStats(): { total: number; idle: number; waiting: number };
}

export interface PostgresOptions {
  /** Connections per process. Default 10. */
  poolSize?: number;
  /** Give up connecting after this long (the request answers 503). Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Told about connections the database dropped while idle; they are replaced on next use. */
  onConnectionError?: (error: Error) => void;
  /**
   * Write transactions that may hold a connection at once. Default: half the pool, so the other
   * half always serves reads, whatever number of writers queue for a workspace's lock.
   */
  maxConcurrentWrites?: number;
  /** The tests' write pause hook (WSADMIN_TEST_HOOKS=1); inert by default. */
  testHooks?: boolean;
}

/** PostgreSQL storage over a `pg` pool: `postgres://user:password@host:5432/database`. */
export async function openPostgresStorage(
  url: string,
  now: () => Date,
  options: PostgresOptions = {},
): Promise<PostgresStorage> {
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    application_name: 'wsadmin',
    types: sqliteLikeTypes,
  });
  const report =
    options.onConnectionError ??
    ((error: Error) => console.error('wsadmin: database connection lost:', error.message));
  // Without listeners, a connection the server drops (restart, failover) would crash the process:
  // idle connections report to the pool, checked-out ones to the client.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const location = redactUrl(url);
  try {
    const storage = await openStorage({
      kysely: new PostgresDialect({ pool }),
      dialect: 'postgres',
      location,
      now,
      writeLocks: {
        maxConcurrentWrites: options.maxConcurrentWrites ?? Math.max(1, Math.floor(poolSize / 2)),
        pauseHook: options.testHooks ?? false,
      },
    });
    return Object.assign(storage, {
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    });
  } catch (error) {
    // openStorage has closed the pool.
    throw postgresOpenError(url, location, error);
  }
}
