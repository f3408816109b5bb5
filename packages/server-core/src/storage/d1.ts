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

/**
 * The turns of this isolate's statements: a transaction runs alone (it waits for the statements
 * under way, and everything else waits for it: no statement of this isolate sees it half done),
 * while statements outside transactions run side by side, as D1 allows.
 */
class Turns {
  #transactions: Promise<void> = Promise.resolve();
  /** Set while a transaction waits for its turn or runs; statements outside it wait on it. */
  #alone: Promise<void> | undefined;
  #running = 0;
  #idle: (() => void) | undefined;

  /** Waits for a transaction's turn; resolves the function that ends it. */
  async alone(): Promise<() => void> {
    const previous = this.#transactions;
    let done: () => void = () => undefined;
    this.#transactions = new Promise((resolve) => {
      done = resolve;
    });
    await previous;
    let open: () => void = () => undefined;
    this.#alone = new Promise((resolve) => {
      open = resolve;
    });
    while (this.#running > 0) await new Promise<void>((resolve) => (this.#idle = resolve));
    return () => {
      this.#alone = undefined;
      open();
      done();
    };
  }

  /** Runs a statement outside any transaction, once none runs. */
  async shared<T>(statement: () => Promise<T>): Promise<T> {
    while (this.#alone) await this.#alone;
    this.#running++;
    try {
      return await statement();
    } finally {
      this.#running--;
      if (this.#running === 0) this.#idle?.();
    }
  }
}

class D1Connection implements DatabaseConnection {
  /** Ends this connection's transaction, while one runs. */
  end: (() => void) | undefined;

  constructor(
    private readonly database: D1Database,
    private readonly turns: Turns,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.end ? this.run<R>(query) : this.turns.shared(() => this.run<R>(query));
  }

  private async run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
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

/** A connection per query or transaction, taking its turn (`Turns`). */
class D1Driver implements Driver {
  readonly #database: D1Database;
  readonly #turns = new Turns();

  constructor(database: D1Database) {
    this.#database = database;
  }

  /** Transactions record their undo log (false while the migrations run, before it exists). */
  undoLog = false;

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new D1Connection(this.#database, this.#turns);
  }

  // D1 refuses BEGIN, COMMIT and ROLLBACK: the turn alone is the transaction, the undo log its rollback.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const end = await this.#turns.alone();
    try {
      if (this.undoLog) await beginUndo(this.#database);
    } catch (error) {
      end();
      throw error;
    }
    (connection as D1Connection).end = end;
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.undoLog) await commitUndo(this.#database);
    } finally {
      this.#endTurn(connection);
    }
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.undoLog) await rollbackUndo(this.#database);
    } finally {
      this.#endTurn(connection);
    }
  }

  #endTurn(connection: DatabaseConnection): void {
    const d1 = connection as D1Connection;
    d1.end?.();
    d1.end = undefined;
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}
