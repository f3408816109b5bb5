import type { CompiledQuery, Kysely } from 'kysely';
import type { Schema } from './schema';
import { isStorage, kyselyOf, perStorage, type Reader } from './storage';

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
