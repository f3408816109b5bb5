import { type Attributes, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  Dialect as KyselyDialect,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { BoundedMap } from '../bounded-map';
import type { QuickRead } from './read-path';
import type { Dialect } from './schema';

/** `db.system.name` of the semantic conventions for each storage dialect. */
const SYSTEM_NAMES: Readonly<Record<Dialect, string>> = { sqlite: 'sqlite', postgres: 'postgresql' };

/**
 * The attributes of one statement, after the database semantic conventions: the SQL text with its
 * placeholders (Kysely and the quick reads always bind values as parameters, so no value, and no
 * secret digest or password hash, is in the text) and never a parameter.
 */
function statementAttributes(sql: string, system: Dialect): Described {
  const key = `${system} ${sql}`;
  const known = described.get(key);
  if (known) return known;
  const made = describe(sql, system);
  described.set(key, made);
  return made;
}

interface Described {
  name: string;
  attributes: Readonly<Attributes>;
}
/** A server runs the same few hundred statements: each is read once (as sync-sqlite.ts keeps its statements). */
const described = new BoundedMap<string, Described>({ maxEntries: 1000 });

function describe(sql: string, system: Dialect): Described {
  const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase();
  const table = /\b(?:from|into|update)\s+"?([a-z_][\w]*)"?/i.exec(sql)?.[1];
  const attributes: Attributes = { 'db.system.name': SYSTEM_NAMES[system], 'db.query.text': sql };
  if (operation) attributes['db.operation.name'] = operation;
  if (table) attributes['db.collection.name'] = table;
  // `{operation} {target}` when both are known, else the operation, else the system (conventions).
  const name = operation ? (table ? `${operation} ${table}` : operation) : SYSTEM_NAMES[system];
  return { name, attributes: Object.freeze(attributes) };
}

/**
 * A statement gets a span only inside a span that records: a request the sampler kept. One it left
 * out enters no context (http/trace-requests.ts), so its statements find no span, and make none:
 * describing the statement and asking the sampler would only cost time. Statements outside any
 * request (migrations at start, background refresh tasks) make none either: a trace of its own
 * for each would be noise without the request that explains it.
 */
const outsideRecordingSpan = () => trace.getActiveSpan()?.isRecording() !== true;

function failed(span: ReturnType<Tracer['startSpan']>, error: unknown): void {
  // The error's class only: a driver's message may quote a value of the statement.
  span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** A CLIENT span around every statement Kysely runs through `dialect`, transactions' included. */
export function traceStatements(tracer: Tracer, dialect: KyselyDialect, system: Dialect): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new TracedDriver(dialect.createDriver(), tracer, system),
  };
}

class TracedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly tracer: Tracer,
    private readonly system: Dialect,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Not async itself: a statement outside a kept request gets the driver's promise as it is.
    if (outsideRecordingSpan()) return this.inner.executeQuery<R>(query);
    return this.traced<R>(query);
  }

  private async traced<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { name, attributes } = statementAttributes(query.sql, this.system);
    const span = this.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // The server streams no query; a stream's span would last as long as its reader.
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

// Kysely's drivers begin, commit and roll back with statements on the connection (BEGIN and COMMIT
// get spans too); releasing one needs the driver's own object (pg's `release`).
const innerOf = (connection: DatabaseConnection) =>
  connection instanceof TracedConnection ? connection.inner : connection;

class TracedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly tracer: Tracer,
    private readonly system: Dialect,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new TracedConnection(await this.inner.acquireConnection(), this.tracer, this.system);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

/**
 * A CLIENT span for each read of the quick path (prepared statements outside Kysely). A read that
 * cannot run now (undefined: Kysely runs it instead, with its own span) leaves no span.
 */
export function traceQuickReads(tracer: Tracer, read: QuickRead, system: Dialect): QuickRead {
  const epochMs = () => performance.timeOrigin + performance.now();
  return (sql, parameters) => {
    if (outsideRecordingSpan()) return read(sql, parameters);
    const startTime = epochMs();
    let rows: ReturnType<QuickRead>;
    try {
      rows = read(sql, parameters);
    } catch (error) {
      const span = startSpan(tracer, sql, system, startTime);
      failed(span, error);
      span.end();
      throw error;
    }
    if (rows === undefined) return undefined;
    const span = startSpan(tracer, sql, system, startTime);
    if (!(rows instanceof Promise)) {
      span.end();
      return rows;
    }
    return rows.then(
      (settled) => {
        span.end();
        return settled;
      },
      (error: unknown) => {
        failed(span, error);
        span.end();
        throw error;
      },
    );
  };
}

function startSpan(tracer: Tracer, sql: string, system: Dialect, startTime: number) {
  const { name, attributes } = statementAttributes(sql, system);
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes, startTime });
}
