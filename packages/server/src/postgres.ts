import { createHash } from 'node:crypto';
import { enableQuickReads, openStorage, type Storage } from '@wsadmin/server-core';
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { SnapshotVersions } from './snapshot-versions';

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

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
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
  const versions = new SnapshotVersions(async () => {
    const { rows } = await pool.query<{ version: string }>(SNAPSHOT);
    return rows[0]?.version ?? '';
  });
  const tell =
    options.onConnectionError ??
    ((error: Error) => console.error('wsadmin: database connection lost:', error.message));
  const report = (error: Error) => {
    versions.lost();
    tell(error);
  };
  // Without listeners, a connection the server drops (restart, failover) would crash the process:
  // idle connections report to the pool, checked-out ones to the client.
  pool.on('error', report);
  pool.on('connect', (client) => {
    client.on('error', report);
    watchWrites(client, () => versions.wrote());
  });
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
    // Point reads as named prepared statements, and kept rows and answers while the snapshot stays.
    enableQuickReads(
      storage.db,
      (text, values) =>
        pool.query({ name: statementName(text), text, values: values as unknown[] }).then(({ rows }) => rows),
      () => versions.current(),
      () => versions.fresh(),
    );
    return Object.assign(storage, {
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    });
  } catch (error) {
    // openStorage has closed the pool.
    throw new Error(`cannot open the PostgreSQL database ${location}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The change version: the snapshot, and when the server started (a server promoted after a
 * failover has its own start time, and may hand out transaction ids the old one had used).
 */
const SNAPSHOT = {
  name: 'wsadmin_change_version',
  text: `select pg_current_snapshot()::text || ' ' || extract(epoch from pg_postmaster_start_time())::text as version`,
};

const statementNames = new Map<string, string>();

/** One name per text: pg parses a named statement once per connection, then only binds it. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `wsadmin_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Calls `wrote` when a statement of this client that may change rows has completed: any statement
 * but a SELECT (Kysely's inserts, updates, deletes, and the COMMIT of a write transaction). Keeps
 * the versions read before it from vouching for this process's own writes (snapshot-versions.ts).
 * The prototype's query is looked up at each call, so a test's patch of it still sees every query.
 */
function watchWrites(client: pg.PoolClient, wrote: () => void): void {
  const prototype = Object.getPrototypeOf(client) as { query: Query };
  (client as unknown as { query: Query }).query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && /^\s*select\b/i.test(text)) return prototype.query.apply(this, args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        wrote();
        return (last as Query)(...results);
      };
      return prototype.query.apply(this, args);
    }
    const result = prototype.query.apply(this, args);
    if (result instanceof Promise) result.then(wrote, wrote);
    else wrote();
    return result;
  };
}
