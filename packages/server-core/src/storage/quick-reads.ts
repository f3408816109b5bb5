import type { CompiledQuery, Kysely } from 'kysely';
import type { Schema } from './schema';
import { isStorage, kyselyOf, perStorage, type Reader } from './storage';

/**
 * A runtime's read of committed data: the rows of `sql` run with `parameters`, or undefined when it
 * cannot run one right now (SQLite: a transaction is open on its connection, whose uncommitted
 * writes the read would otherwise see). Synchronous where the driver is (better-sqlite3); a promise
 * where it is not (pg, a named prepared statement on a pool connection outside any transaction).
 */
export type QuickRead = (
  sql: string,
  parameters: readonly unknown[],
) => unknown[] | Promise<unknown[]> | undefined;

/**
 * A value that changes whenever a row of the database may have changed, written by this process or
 * committed by any other. Undefined when it cannot be read right now (a transaction is open on the
 * connection, the database cannot be reached). SQLite: data_version (read at once, or the read a
 * request holds: see `HeldVersion`) plus a count of this connection's writes. PostgreSQL: the
 * newest snapshot this process has read (see `FreshVersion`).
 */
export type ChangeVersion = () => number | string | undefined;

/**
 * Where the version cannot be read synchronously (PostgreSQL): resolves once a version read that
 * started after the call has settled, so that `ChangeVersion` then vouches for every commit that
 * completed before the call. Never rejects (a failed read leaves no version: nothing is kept).
 */
export type FreshVersion = () => Promise<unknown>;

/**
 * Where the version is read synchronously but each read costs a statement (SQLite): `hold` reads it
 * once, at the start of a request, and `ChangeVersion` answers that read (with this process's own
 * writes counted live) until every `hold` has had its `release`. A request then reads the version
 * once instead of once per kept thing it looks at (the cached answer, the key row, the workspace row).
 * Every request holds a read made after it arrived (the newest hold wins), so a commit of another
 * process that completed before the request is seen, as with a read per look. Outside any request
 * each look reads anew.
 */
export interface HeldVersion {
  hold(): void;
  release(): void;
}

/**
 * A runtime's read path (decision 0020), given to `openStorage` by the Node runtimes (better-sqlite3,
 * pg) and the synchronous SQLite of Bun and Deno; elsewhere queries run through Kysely as before.
 */
export interface StorageReads {
  /** Lets `preparedSelect` queries skip Kysely's builder and compiler: most of a point read's cost. */
  quick: QuickRead;
  /** Where absent, nothing is kept (rows, answers): every read runs. */
  version?: ChangeVersion | undefined;
  /** Where the version is read asynchronously: the HTTP layer awaits it at the start of every request. */
  fresh?: FreshVersion | undefined;
  /** Where a read per look costs a statement: the HTTP layer holds it for the length of every request. */
  held?: HeldVersion | undefined;
}

/**
 * The storage's change version, where its runtime gives one and can read it now; undefined inside a
 * transaction (`reader` is one) or where there is none. On PostgreSQL it vouches only for commits
 * that completed before the last `reads.fresh()` was called: code that needs "every commit before
 * now" awaits that first (the HTTP layer does, for every request).
 */
export function changeVersionOf(reader: Reader): number | string | undefined {
  return isStorage(reader) ? reader.reads?.version?.() : undefined;
}

interface Compilable<Row> {
  compile(): CompiledQuery<Row>;
  execute(): Promise<Row[]>;
}

/**
 * A SELECT built once per database: later calls reuse its SQL with their own arguments. The query's
 * bound parameters must be exactly the arguments, in order (checked on the first call), so its SQL
 * cannot depend on their values.
 */
export function preparedSelect<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Schema>, ...args: Args) => Compilable<Row>,
): (reader: Reader, ...args: Args) => Promise<Row[]> {
  // Per storage: the SQL text depends on its dialect.
  const compiled = perStorage((): { sql?: string } => ({}));
  return async (reader, ...args) => {
    const quick = isStorage(reader) ? reader.reads?.quick : undefined;
    if (!quick || !isStorage(reader)) return build(kyselyOf(reader), ...args).execute();
    const kept = reader.own(compiled);
    if (kept.sql === undefined) {
      const query = build(reader.db, ...args).compile();
      if (!sameParameters(query.parameters, args)) {
        throw new Error(`preparedSelect: the parameters of "${query.sql}" are not its arguments in order`);
      }
      kept.sql = query.sql;
    }
    return (
      (quick(kept.sql, args) as Row[] | Promise<Row[]> | undefined) ?? build(reader.db, ...args).execute()
    );
  };
}

function sameParameters(parameters: readonly unknown[], args: readonly unknown[]): boolean {
  return parameters.length === args.length && parameters.every((value, i) => Object.is(value, args[i]));
}
