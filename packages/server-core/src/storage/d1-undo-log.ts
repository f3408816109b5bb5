import type { D1Database, D1PreparedStatement } from './d1';

/**
 * D1 refuses `BEGIN`, so a transaction cannot be rolled back by SQLite. The undo log of SQLite's
 * own recipe (sqlite.org/undoredo.html) takes its place: while a transaction is open, a trigger on
 * every table records the statement that reverses each row it changes; a rollback runs them newest
 * first in one D1 batch, which D1 runs atomically, and a commit forgets them. Tables kept by other
 * triggers (the account search index) are left out: undoing the accounts updates them again.
 */
const LOG = 'wsadmin_undo_log';
const STATE = 'wsadmin_undo_state';
const TRIGGER_PREFIX = 'wsadmin_undo_';
const NOT_LOGGED = /^(sqlite_|_cf_|wsadmin_undo_|accounts_search|schema_migrations$)/;

interface TableSchema {
  name: string;
  sql: string;
}

/**
 * Creates the log and the triggers of every table, unless the triggers already match the schema
 * (another isolate made them, or an earlier start): one read on most starts. Two isolates starting
 * together may both make them: `if not exists` lets the second batch pass over the first's.
 */
export async function installUndoLog(database: D1Database): Promise<void> {
  await database
    .prepare(
      `create table if not exists ${STATE} (id integer primary key check (id = 1), active integer not null, schema text not null)`,
    )
    .run();
  await database
    .prepare(`create table if not exists ${LOG} (seq integer primary key, statement text not null)`)
    .run();
  const { results: tables = [] } = await database
    .prepare("select name, sql from sqlite_master where type = 'table' order by name")
    .all<TableSchema>();
  const logged = tables.filter(
    (table) => !NOT_LOGGED.test(table.name) && !/virtual\s+table/i.test(table.sql),
  );
  const schema = logged.map((table) => table.sql).join(';\n');
  const state = await database.prepare(`select schema from ${STATE} where id = 1`).all<{ schema: string }>();
  if (state.results?.[0]?.schema === schema) return;
  const statements: D1PreparedStatement[] = [];
  const { results: triggers = [] } = await database
    .prepare(`select name from sqlite_master where type = 'trigger' and name like '${TRIGGER_PREFIX}%'`)
    .all<{ name: string }>();
  for (const { name } of triggers) statements.push(database.prepare(`drop trigger if exists "${name}"`));
  for (const table of logged) {
    const { results: columns = [] } = await database
      .prepare(`select name from pragma_table_info(?)`)
      .bind(table.name)
      .all<{ name: string }>();
    statements.push(
      ...triggersOf(
        database,
        table.name,
        columns.map((column) => column.name),
      ),
    );
  }
  statements.push(
    database
      .prepare(
        `insert into ${STATE} (id, active, schema) values (1, 0, ?) on conflict (id) do update set schema = excluded.schema`,
      )
      .bind(schema),
  );
  await database.batch(statements);
}

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** SQL that builds, at trigger time, a string literal of the text `text` (quotes doubled). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function triggersOf(database: D1Database, table: string, columns: readonly string[]): D1PreparedStatement[] {
  const name = (event: string) => id(`${TRIGGER_PREFIX}${table}_${event}`);
  const when = `when (select active from ${STATE} where id = 1) = 1`;
  const log = (statement: string) => `begin insert into ${LOG} (statement) values (${statement}); end`;
  const restoreColumns = columns.map(
    (column) => `${literal(`${id(column)} = `)} || quote(old.${id(column)})`,
  );
  const oldValues = columns.map((column) => `quote(old.${id(column)})`);
  return [
    `create trigger if not exists ${name('insert')} after insert on ${id(table)} ${when} ${log(
      `${literal(`delete from ${id(table)} where rowid = `)} || new.rowid`,
    )}`,
    `create trigger if not exists ${name('update')} after update on ${id(table)} ${when} ${log(
      `${literal(`update ${id(table)} set `)} || ${restoreColumns.join(` || ', ' || `)} || ' where rowid = ' || new.rowid`,
    )}`,
    `create trigger if not exists ${name('delete')} before delete on ${id(table)} ${when} ${log(
      `${literal(`insert into ${id(table)} (rowid, ${columns.map(id).join(', ')}) values (`)} || old.rowid || ', ' || ${oldValues.join(` || ', ' || `)} || ')'`,
    )}`,
  ].map((sql) => database.prepare(sql));
}

/** Starts recording: what the transaction changes from now on can be undone. */
export async function beginUndo(database: D1Database): Promise<void> {
  await database.prepare(`update ${STATE} set active = 1 where id = 1`).run();
}

/** The transaction stands: stop recording and forget. */
export async function commitUndo(database: D1Database): Promise<void> {
  await database.batch([
    database.prepare(`update ${STATE} set active = 0 where id = 1`),
    database.prepare(`delete from ${LOG}`),
  ]);
}

/**
 * Undoes what the transaction changed, newest change first, in one atomic batch. Foreign keys are
 * checked at the batch's end: a parent deleted with its children (ON DELETE CASCADE) comes back
 * after them.
 */
export async function rollbackUndo(database: D1Database): Promise<void> {
  const { results: undo = [] } = await database
    .prepare(`select statement from ${LOG} order by seq desc`)
    .all<{ statement: string }>();
  await database.batch([
    database.prepare('pragma defer_foreign_keys = on'),
    database.prepare(`update ${STATE} set active = 0 where id = 1`),
    ...undo.map(({ statement }) => database.prepare(statement)),
    database.prepare(`delete from ${LOG}`),
  ]);
}
