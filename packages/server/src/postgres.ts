import { createHash } from 'node:crypto';
import { openStorage, type StatementTracing, type Storage } from '@wsadmin/server-core';
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { postgresOpenError } from './database-open-errors';
import { withPauseHook } from './pause-hook';
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
  /** A CLIENT span per statement (OpenTelemetry, decision 0031); default none. */
  tracing?: StatementTracing | undefined;
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
  let snapshots: boolean;
  try {
    snapshots = await hasSnapshots(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw postgresOpenError(url, location, error);
  }
  try {
    const storage = await openStorage({
      kysely: new PostgresDialect({ pool }),
      dialect: 'postgres',
      location,
      now,
      // Point reads as named prepared statements, and cached rows and answers while the snapshot stays.
      reads: snapshots
        ? { quick: preparedReads(pool), version: () => versions.current(), fresh: () => versions.fresh() }
        : { quick: preparedReads(pool) },
      writeLocks: {
        maxConcurrentWrites: options.maxConcurrentWrites ?? Math.max(1, Math.floor(poolSize / 2)),
      },
      tracing: options.tracing,
    });
    return {
      ...(options.testHooks ? withPauseHook(storage) : storage),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  } catch (error) {
    // openStorage has closed the pool.
    throw postgresOpenError(url, location, error);
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

/** SQLSTATEs of a server without the snapshot functions, or that refuses them to this user. */
const NO_SNAPSHOTS = new Set(['42883', '42501']);

/**
 * Whether the server answers the change version: PostgreSQL 13 and later do, unless the user may
 * not call the functions. Elsewhere (an older server, an engine that speaks PostgreSQL's protocol
 * without its snapshots) nothing is kept and every request reads, as before decision 0020, rather
 * than failing a statement per request.
 */
async function hasSnapshots(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query(SNAPSHOT);
    return true;
  } catch (error) {
    if (NO_SNAPSHOTS.has(String((error as { code?: unknown }).code))) return false;
    throw error;
  }
}

const statementHashes = new Map<string, string>();

/**
 * Point reads as named prepared statements: pg parses each once per connection, then only binds
 * and runs it. One name per text and generation.
 */
function preparedReads(pool: pg.Pool) {
  let generation = 0;
  const run = async (text: string, values: unknown[]) => {
    let hash = statementHashes.get(text);
    if (hash === undefined) {
      hash = createHash('sha256').update(text).digest('hex').slice(0, 24);
      statementHashes.set(text, hash);
    }
    return (await pool.query({ name: `wsadmin_${hash}_${generation}`, text, values })).rows;
  };
  return async (text: string, values: readonly unknown[]) => {
    try {
      return await run(text, [...values]);
    } catch (error) {
      // Another process migrated a table under statements prepared before (a rolling upgrade): they
      // answer "cached plan must not change result type" on every connection that holds them, so
      // every statement is prepared again under new names.
      if ((error as { code?: unknown }).code !== CACHED_PLAN_CHANGED) throw error;
      generation++;
      return run(text, [...values]);
    }
  };
}

const CACHED_PLAN_CHANGED = '0A000';

type Query = (...args: unknown[]) => unknown;

/**
 * Calls `wrote` when a statement of this client that may have changed rows has completed outside a
 * transaction: a COMMIT, or a write on its own (an insert, update or delete in autocommit). Inside a
 * transaction nothing is visible to others before its COMMIT, so its statements do not count.
 * SELECTs never do. Keeps the versions read before it from vouching for this process's own writes
 * (snapshot-versions.ts). The prototype's query is looked up at each call, so a test's patch of it
 * still sees every query.
 */
function watchWrites(client: pg.PoolClient, wrote: () => void): void {
  const prototype = Object.getPrototypeOf(client) as { query: Query };
  const settled = () => {
    // 'T' / 'E': still in a transaction (pg reads it from the server's ReadyForQuery).
    const status = client.getTransactionStatus();
    if (status !== 'T' && status !== 'E') wrote();
  };
  (client as unknown as { query: Query }).query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && /^\s*select\b/i.test(text)) return prototype.query.apply(this, args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        settled();
        return (last as Query)(...results);
      };
      return prototype.query.apply(this, args);
    }
    const result = prototype.query.apply(this, args);
    if (result instanceof Promise) result.then(settled, settled);
    else wrote();
    return result;
  };
}
