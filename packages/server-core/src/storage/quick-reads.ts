import type { CompiledQuery, Kysely } from 'kysely';
import type { Schema } from './schema';

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

type Db = Kysely<Schema>;

// Keyed by the storage's Kysely instance: a transaction is another instance, so reads inside one
// always take Kysely's own path, on the transaction's connection.
const readers = new WeakMap<Db, QuickRead>();
const versions = new WeakMap<Db, ChangeVersion>();
const freshVersions = new WeakMap<Db, FreshVersion>();
const heldVersions = new WeakMap<Db, HeldVersion>();

/**
 * Lets `preparedSelect` queries on `db` skip Kysely's builder and compiler (and on SQLite its
 * connection queue): most of a point read's cost (npm run bench). Called by the Node runtimes
 * (better-sqlite3, pg); elsewhere queries run through Kysely as before. `fresh`: where the version
 * is read asynchronously; the HTTP layer awaits it at the start of every request. `held`: where a
 * read per look costs a statement; the HTTP layer holds it for the length of every request.
 */
export function enableQuickReads(
  db: Db,
  read: QuickRead,
  changeVersion?: ChangeVersion,
  fresh?: FreshVersion,
  held?: HeldVersion,
): void {
  readers.set(db, read);
  if (changeVersion) versions.set(db, changeVersion);
  if (fresh) freshVersions.set(db, fresh);
  if (held) heldVersions.set(db, held);
}

/**
 * The database's change version, where its runtime gave one and can read it now. On PostgreSQL it
 * vouches only for commits that completed before the last `freshChangeVersion` was called: code
 * that needs "every commit before now" awaits that first (the HTTP layer does, for every request).
 */
export function changeVersionOf(db: Db): number | string | undefined {
  return versions.get(db)?.();
}

/** Undefined where the version is read synchronously (nothing to wait for) or there is none. */
export function freshChangeVersion(db: Db): Promise<unknown> | undefined {
  return freshVersions.get(db)?.();
}

/** Undefined where each look at the version reads it anyway (or there is none). */
export function heldChangeVersion(db: Db): HeldVersion | undefined {
  return heldVersions.get(db);
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
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Db, string>();
  return async (db, ...args) => {
    const read = readers.get(db);
    if (!read) return build(db, ...args).execute();
    let sql = compiled.get(db);
    if (sql === undefined) {
      const query = build(db, ...args).compile();
      if (!sameParameters(query.parameters, args)) {
        throw new Error(`preparedSelect: the parameters of "${query.sql}" are not its arguments in order`);
      }
      sql = query.sql;
      compiled.set(db, sql);
    }
    return (read(sql, args) as Row[] | Promise<Row[]> | undefined) ?? build(db, ...args).execute();
  };
}

function sameParameters(parameters: readonly unknown[], args: readonly unknown[]): boolean {
  return parameters.length === args.length && parameters.every((value, i) => Object.is(value, args[i]));
}
