import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { beginUndo, commitUndo, installUndoLog, rollbackUndo } from './d1-undo-log';
import { openStorage, type Storage } from './storage';

/** The part of Cloudflare's D1 binding (`env.DB`) this storage uses. */
export interface D1Database {
  prepare(sql: string): D1PreparedStatement;
  /** Runs the statements in order as one transaction: all or none. */
  batch(statements: D1PreparedStatement[]): Promise<unknown[]>;
}

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  run(): Promise<unknown>;
  all<Row = Record<string, unknown>>(): Promise<{
    results?: Row[];
    meta: { changes?: number; last_row_id?: number };
  }>;
}

/**
 * Storage on Cloudflare D1. D1 refuses `BEGIN` and `SAVEPOINT` (it has no interactive
 * transactions: docs/decisions/0024-server-on-every-runtime.md), so a transaction here is a turn on
 * this isolate's one connection, its statements run one by one while every other query of the
 * isolate waits (as on the SQLite file's single connection), and a rollback replays the undo log
 * (d1-undo-log.ts). Another isolate's statements may still come between a transaction's.
 */
export async function openD1Storage(database: D1Database, now: () => Date): Promise<Storage> {
  const driver = new D1Driver(database);
  const storage = await openStorage({
    kysely: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    dialect: 'sqlite',
    location: 'Cloudflare D1',
    now,
  });
  // After the migrations, which therefore run without it: the log's triggers follow the schema.
  await installUndoLog(database);
  driver.undoLog = true;
  return storage;
}

class D1Connection implements DatabaseConnection {
  constructor(private readonly database: D1Database) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The one savepoint (migration 5's probe for FTS5) guards a statement that either creates the
    // search table or nothing, so there is nothing to roll back without it.
    if (SAVEPOINT.test(query.sql)) return { rows: [] };
    const { results, meta } = await this.database
      .prepare(query.sql)
      .bind(...query.parameters.map(d1Value))
      .all<R>();
    const changes = meta.changes ?? 0;
    // D1 reports changes for reads too (the last write's); Kysely wants them for writes only.
    const reads = /^\s*select\b/i.test(query.sql);
    return {
      rows: results ?? [],
      ...(reads ? {} : { numAffectedRows: BigInt(changes) }),
      ...(!reads && meta.last_row_id !== undefined ? { insertId: BigInt(meta.last_row_id) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: D1 has no cursors; Kysely's stream() is never used here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('D1 storage cannot stream a query');
  }
}

const SAVEPOINT = /^\s*(savepoint|release savepoint|rollback to savepoint)\b/i;

/** SQLite binds no booleans or undefined: D1 refuses them, as better-sqlite3 does. */
function d1Value(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value === undefined ? null : value;
}

/** One connection per isolate, taken in turn (Kysely's own SQLite driver does the same). */
class D1Driver implements Driver {
  readonly #database: D1Database;
  readonly #connection: D1Connection;
  #queue: Promise<void> = Promise.resolve();

  constructor(database: D1Database) {
    this.#database = database;
    this.#connection = new D1Connection(database);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release: () => void = () => undefined;
    this.#queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.#releases.push(release);
    return this.#connection;
  }

  readonly #releases: Array<() => void> = [];

  /** Transactions record their undo log (false while the migrations run, before it exists). */
  undoLog = false;

  // D1 refuses BEGIN, COMMIT and ROLLBACK: the turn on the connection is the whole transaction.
  async beginTransaction(): Promise<void> {
    if (this.undoLog) await beginUndo(this.#database);
  }
  async commitTransaction(): Promise<void> {
    if (this.undoLog) await commitUndo(this.#database);
  }
  async rollbackTransaction(): Promise<void> {
    if (this.undoLog) await rollbackUndo(this.#database);
  }

  async releaseConnection(): Promise<void> {
    this.#releases.shift()?.();
  }

  async destroy(): Promise<void> {}
}
