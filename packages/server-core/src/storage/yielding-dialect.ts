import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * better-sqlite3 answers synchronously, and Kysely chains the statements of a request with
 * promises, which never give the event loop a turn: a batch of 1,000 items ran for a second or
 * more without the process answering anything, `/healthz` included (npm run bench, batches).
 * This dialect lets the event loop run (setImmediate) before a statement once the process has
 * worked `budgetMs` without a turn. Other requests' statements still wait for an open
 * transaction (Kysely's single SQLite connection), so no one sees it half done; what gets through
 * is everything that does not need the database, and reads between transactions.
 */
export function yieldingDialect(inner: Dialect, budgetMs: number): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new YieldingDriver(inner.createDriver(), busyPause(budgetMs)),
  };
}

/**
 * Resolves at once while the current turn of the event loop is younger than `budgetMs`, else after
 * a turn (setImmediate: I/O callbacks such as incoming requests run first).
 */
function busyPause(budgetMs: number): () => Promise<void> {
  let turnStarted: number | undefined;
  return async () => {
    const now = performance.now();
    if (turnStarted === undefined) {
      turnStarted = now;
      // Runs when this turn ends, whether by our pause or because the work awaited real I/O.
      setImmediate(() => {
        turnStarted = undefined;
      });
      return;
    }
    if (now - turnStarted < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
}

class YieldingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly pause: () => Promise<void>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.pause();
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof YieldingConnection ? connection.inner : connection;

class YieldingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly pause: () => Promise<void>,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new YieldingConnection(await this.inner.acquireConnection(), this.pause);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(innerOf(connection));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(innerOf(connection));
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(innerOf(connection), name, compile);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(innerOf(connection), name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}
