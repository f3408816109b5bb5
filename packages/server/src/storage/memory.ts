import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import type { BindParams, Database as SqlJsDatabase } from 'sql.js';
import initSqlJs from 'sql.js/dist/sql-wasm-inline.js';
import { openStorage, type Storage } from './storage';

/**
 * In-memory storage on sql.js (SQLite compiled to WebAssembly, inlined): the same SQL as the
 * file database, in any JavaScript runtime. The mock package and in-process tests use it.
 */
export async function openMemoryStorage(options: { now?: () => Date } = {}): Promise<Storage> {
  const SQL = await sqlJs();
  const database = new SQL.Database();
  database.run('PRAGMA foreign_keys = ON');
  return openStorage({
    kysely: new SqliteDialect({ database: new SqlJsAdapter(database) }),
    dialect: 'sqlite',
    location: 'memory',
    now: options.now ?? (() => new Date()),
  });
}

let loading: ReturnType<typeof initSqlJs> | undefined;
function sqlJs() {
  loading ??= initSqlJs();
  return loading;
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
