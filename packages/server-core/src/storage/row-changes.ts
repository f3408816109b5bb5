import type { Database as SqlJsDatabase } from 'sql.js';
import { BoundedMap } from '../bounded-map';

/** One row written to a stored table, as SQLite saw it. */
export interface StoredRowChange {
  readonly table: string;
  readonly action: 'created' | 'updated' | 'deleted';
  /** The row's primary key columns (or `rowid` where the table has none), from the row after (or before, on delete). */
  readonly key: Readonly<Record<string, unknown>>;
  readonly before?: Readonly<Record<string, unknown>>;
  readonly after?: Readonly<Record<string, unknown>>;
}

/** Rows written since the capture started or since the last `take()`. */
export interface RowChangeCapture {
  /** True when a row may have been written since the last `take()` (read without touching the database). */
  readonly pending: boolean;
  /** The rows written since the last `take()`, oldest first, and forgets them. */
  take(): Promise<StoredRowChange[]>;
}

/** The capture on the database itself: `take()` must run on the caller's turn of the connection. */
export interface RawRowChangeCapture {
  readonly pending: boolean;
  take(): StoredRowChange[];
}

const LOG_TABLE = 'temp.wsadmin_row_changes';
const TOUCH_FUNCTION = 'wsadmin_row_touched';

interface TableColumns {
  readonly name: string;
  readonly columns: readonly string[];
  /** Primary key columns in key order; empty for a table keyed by rowid alone. */
  readonly key: readonly string[];
}

/**
 * Records every row written to the main database's tables from now on: TEMP triggers (not part of
 * the file bytes `export()` writes) log each row before and after into a TEMP table, so a rolled
 * back write leaves nothing. A function the triggers call marks the capture pending, so a caller
 * that only read costs no query. The log is read on the caller's turn of the single connection.
 */
export function captureRowChanges(database: SqlJsDatabase): RawRowChangeCapture {
  let pending = false;
  const touched = registerTouch(database, () => {
    pending = true;
  });
  const { tables, sql } = preparedFor(database, touched);
  database.exec(sql);
  const byName = new Map(tables.map((table) => [table.name, table]));
  return {
    get pending() {
      return pending || !touched;
    },
    take() {
      if (touched && !pending) return [];
      pending = false;
      const [result] = database.exec(`select tbl, action, before, after from ${LOG_TABLE} order by seq`);
      if (!result) return [];
      database.run(`delete from ${LOG_TABLE}`);
      return result.values
        .map(([table, action, before, after]) =>
          rowChange(byName.get(String(table)), String(table), String(action), before, after),
        )
        .filter(
          (change) =>
            change.action !== 'updated' || JSON.stringify(change.before) !== JSON.stringify(change.after),
        );
    },
  };
}

interface PreparedCapture {
  readonly tables: readonly TableColumns[];
  /** The log table and every trigger, as one script. */
  readonly sql: string;
}

/**
 * The capture's tables and script, made once per schema and kept: a mock rebuilds its database
 * on every `reset()` and `restore()`, and reading each table's columns again cost 0.5 ms of it.
 */
const preparedBySchema = new BoundedMap<string, PreparedCapture>({ maxEntries: 8 });

function preparedFor(database: SqlJsDatabase, touched: boolean): PreparedCapture {
  const [schema] = database.exec(
    `select group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), char(10)) from main.sqlite_master`,
  );
  const cacheKey = `${touched}\n${String(schema?.values[0]?.[0] ?? '')}`;
  const kept = preparedBySchema.get(cacheKey);
  if (kept) return kept;
  const tables = storedTables(database);
  const prepared = {
    tables,
    sql: [
      `create temp table if not exists wsadmin_row_changes (seq integer primary key, tbl text not null, action text not null, before text, after text);`,
      ...tables.map((table) => triggersOf(table, touched)),
    ].join('\n'),
  };
  preparedBySchema.set(cacheKey, prepared);
  return prepared;
}

function rowChange(
  table: TableColumns | undefined,
  name: string,
  action: string,
  beforeJson: unknown,
  afterJson: unknown,
): StoredRowChange {
  const columns = ['rowid', ...(table?.columns ?? [])];
  // The triggers log a row as a JSON array of rowid and the columns in table order (an array
  // costs a third of an object with the names to set up: the capture is made on every reset).
  const rowOf = (json: unknown) => {
    if (typeof json !== 'string') return undefined;
    const values = JSON.parse(json) as unknown[];
    return Object.fromEntries(columns.map((column, at) => [column, values[at] ?? null]));
  };
  const before = rowOf(beforeJson);
  const after = rowOf(afterJson);
  const row = after ?? before ?? {};
  const keyColumns = table && table.key.length > 0 ? table.key : ['rowid'];
  const key = Object.fromEntries(keyColumns.map((column) => [column, row[column]]));
  // rowid is logged only to key tables that have no primary key.
  const strip = (values: Record<string, unknown> | undefined) => {
    if (!values || (table && table.key.length === 0)) return values;
    const { rowid: _rowid, ...rest } = values;
    return rest;
  };
  const cleanBefore = strip(before);
  const cleanAfter = strip(after);
  return {
    table: name,
    action: action as StoredRowChange['action'],
    key,
    ...(cleanBefore ? { before: cleanBefore } : {}),
    ...(cleanAfter ? { after: cleanAfter } : {}),
  };
}

/** Ordinary tables of the main database: not SQLite's own, not virtual tables nor their shadow tables. */
function storedTables(database: SqlJsDatabase): TableColumns[] {
  const [listed] = database.exec(
    `select name, sql from main.sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  const rows = (listed?.values ?? []).map(([name, sql]) => ({ name: String(name), sql: String(sql) }));
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql)).map((row) => row.name);
  return rows
    .filter((row) => !virtual.some((name) => row.name === name || row.name.startsWith(`${name}_`)))
    .map((row) => {
      const [info] = database.exec(`pragma main.table_info(${quote(row.name)})`);
      const columns = (info?.values ?? []).map(([, column, , , , pk]) => ({
        column: String(column),
        pk: Number(pk),
      }));
      return {
        name: row.name,
        columns: columns.map((each) => each.column),
        key: columns
          .filter((each) => each.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((each) => each.column),
      };
    });
}

/**
 * Registers the function the triggers call, and says whether it could. sql.js wraps a JavaScript
 * function in a small WebAssembly module made at run time, which hosts that compile only at upload
 * (Cloudflare Workers, workerd) refuse: there the capture reads its log after every request instead.
 */
function registerTouch(database: SqlJsDatabase, touch: () => void): boolean {
  try {
    database.create_function(TOUCH_FUNCTION, () => {
      touch();
      return null;
    });
    return true;
  } catch {
    return false;
  }
}

function triggersOf(table: TableColumns, touched: boolean): string {
  const rowOf = (which: 'new' | 'old') =>
    `json_array(${['rowid', ...table.columns].map((column) => `${which}.${quote(column)}`).join(', ')})`;
  const trigger = (event: string, action: string, before: string, after: string) =>
    `create temp trigger if not exists ${quote(`wsadmin_capture_${table.name}_${event}`)} after ${event} on main.${quote(table.name)} begin insert into ${LOG_TABLE} (tbl, action, before, after) values ('${table.name}', '${action}', ${before}, ${after});${touched ? ` select ${TOUCH_FUNCTION}();` : ''} end;`;
  return [
    trigger('insert', 'created', 'null', rowOf('new')),
    trigger('update', 'updated', rowOf('old'), rowOf('new')),
    trigger('delete', 'deleted', rowOf('old'), 'null'),
  ].join('\n');
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
