import type { CompiledQuery, Kysely } from 'kysely';
import type { Schema } from './schema';

/**
 * A runtime's synchronous read of committed data: the rows of `sql` run with `parameters`, or
 * undefined when it cannot run one right now (a transaction is open on its connection, whose
 * uncommitted writes the read would otherwise see).
 */
export type QuickRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

/**
 * A number that changes whenever a row of the database may have changed, written by this connection
 * or committed by any other (SQLite: data_version + total_changes()). Undefined when it cannot be
 * read right now (a transaction is open on the connection).
 */
export type ChangeVersion = () => number | undefined;

type Db = Kysely<Schema>;

// Keyed by the storage's Kysely instance: a transaction is another instance, so reads inside one
// always take Kysely's own path, on the transaction's connection.
const readers = new WeakMap<Db, QuickRead>();
const versions = new WeakMap<Db, ChangeVersion>();

/**
 * Lets `preparedSelect` queries on `db` skip Kysely's builder, compiler and connection queue (most
 * of a point read's cost on SQLite, npm run bench). Called by runtimes whose driver reads
 * synchronously (better-sqlite3); elsewhere queries run through Kysely as before.
 */
export function enableQuickReads(db: Db, read: QuickRead, changeVersion?: ChangeVersion): void {
  readers.set(db, read);
  if (changeVersion) versions.set(db, changeVersion);
}

/** The database's change version, where its runtime gave one and can read it now. */
export function changeVersionOf(db: Db): number | undefined {
  return versions.get(db)?.();
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
    return (read(sql, args) as Row[] | undefined) ?? build(db, ...args).execute();
  };
}

function sameParameters(parameters: readonly unknown[], args: readonly unknown[]): boolean {
  return parameters.length === args.length && parameters.every((value, i) => Object.is(value, args[i]));
}
