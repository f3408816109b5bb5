import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Dialect as KyselyDialect,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * Taken first in every PostgreSQL write transaction: a transaction-scoped advisory lock, one per
 * schema, released by COMMIT or ROLLBACK. Write transactions then run one after the other across
 * every process on the database, as they do on SQLite, so a handler's "check, then write" (a
 * keyword still free, a task still open) holds on both. Statements outside a transaction are not
 * affected; the exactly-once rules of the management interface do not depend on this lock (they are
 * conditional writes), it only keeps PostgreSQL's answers equal to SQLite's.
 */
export const WRITE_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('wsadmin writes ' || current_schema()))`;

/** Wraps a PostgreSQL dialect so that every read-write transaction takes the write lock. */
export function withSerializedWrites(dialect: KyselyDialect): KyselyDialect {
  return {
    createDriver: () => new SerializedWritesDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

type Compile = QueryCompiler['compileQuery'];

class SerializedWritesDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  acquireConnection() {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection, settings);
    if (settings.accessMode === 'read only') return;
    try {
      await connection.executeQuery(CompiledQuery.raw(WRITE_LOCK_SQL));
    } catch (error) {
      // Kysely rolls back only transactions whose begin succeeded; never hand back an open one.
      await this.inner.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    }
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.savepoint) throw new Error('the dialect does not support savepoints');
    await this.inner.savepoint(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.rollbackToSavepoint) throw new Error('the dialect does not support savepoints');
    await this.inner.rollbackToSavepoint(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    if (!this.inner.releaseSavepoint) throw new Error('the dialect does not support savepoints');
    await this.inner.releaseSavepoint(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}
