import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import type { BindParams, Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { openStorage, type Storage } from './storage';

/** In-memory storage whose whole database can be taken out as SQLite file bytes. */
export interface MemoryStorage extends Storage {
  /** The database as SQLite file bytes, taken between transactions (the mock's snapshot()). */
  exportBytes(): Promise<Uint8Array>;
}

export interface MemoryStorageOptions {
  now?: () => Date;
  /** SQLite file bytes (from `exportBytes()`): opens a copy of an earlier database instead of an empty one. */
  bytes?: Uint8Array;
  /**
   * Where sql.js's WebAssembly is fetched from. Needed in browsers (a bundler's asset URL of
   * `sql.js/dist/sql-wasm-browser.wasm`); in Node, sql.js reads `sql-wasm.wasm` next to itself.
   */
  wasmUrl?: string;
}

/**
 * In-memory storage on sql.js (SQLite compiled to WebAssembly): the same SQL as the file
 * database, in any JavaScript runtime. The mock package and in-process tests use it.
 */
export async function openMemoryStorage(options: MemoryStorageOptions = {}): Promise<MemoryStorage> {
  const SQL = await sqlJs(options.wasmUrl);
  const database = new SQL.Database(options.bytes);
  database.run('PRAGMA foreign_keys = ON');
  const storage = await openStorage({
    kysely: new SqliteDialect({ database: new SqlJsAdapter(database) }),
    dialect: 'sqlite',
    location: 'memory',
    now: options.now ?? (() => new Date()),
  });
  return {
    ...storage,
    exportBytes: () =>
      // Holding Kysely's single connection keeps a running transaction out of the copy.
      storage.db.connection().execute(async () => {
        const bytes = database.export();
        // Older sql.js builds reopen the database on export, which resets pragmas.
        database.run('PRAGMA foreign_keys = ON');
        return bytes;
      }),
  };
}

const loading = new Map<string, Promise<SqlJsStatic>>();

/**
 * sql.js, loaded on the first open rather than on import: importing the core (and the mock) stays
 * cheap, and the WebAssembly is a file of its own (compiled while streaming, cached by browsers)
 * instead of a megabyte of base64 inside the JavaScript. `sql.js` resolves to its Node build in
 * Node and, through its `browser` export condition, to a build without Node built-ins in bundlers.
 */
function sqlJs(wasmUrl: string | undefined): Promise<SqlJsStatic> {
  const key = wasmUrl ?? '';
  let load = loading.get(key);
  if (!load) {
    load = import('sql.js').then(({ default: initSqlJs }) =>
      initSqlJs(wasmUrl === undefined ? {} : { locateFile: () => wasmUrl }),
    );
    loading.set(key, load);
    load.catch(() => loading.delete(key));
  }
  return load;
}

/** The better-sqlite3 shape that Kysely's SqliteDialect drives, over a sql.js database. */
class SqlJsAdapter implements SqliteDatabase {
  constructor(private readonly database: SqlJsDatabase) {}

  close(): void {
    this.database.close();
  }

  prepare(sql: string): SqliteStatement {
    const database = this.database;
    const statement = database.prepare(sql);
    // Kysely uses each prepared statement once; free it right after.
    const reader = statement.getColumnNames().length > 0;
    return {
      reader,
      all(parameters) {
        try {
          statement.bind(parameters as BindParams);
          const rows: unknown[] = [];
          while (statement.step()) rows.push(statement.getAsObject());
          return rows;
        } finally {
          statement.free();
        }
      },
      run(parameters) {
        try {
          statement.run(parameters as BindParams);
          const changes = database.getRowsModified();
          const lastInsertRowid = Number(database.exec('select last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
          return { changes, lastInsertRowid };
        } finally {
          statement.free();
        }
      },
      iterate(parameters) {
        return this.all(parameters)[Symbol.iterator]();
      },
    };
  }
}
