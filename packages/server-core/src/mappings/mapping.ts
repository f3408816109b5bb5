import type { Insertable, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Schema } from '../storage/schema';
import { STORED_COLUMNS } from '../storage/stored-tables.generated';

/**
 * How one contract field is stored (lockstep by construction, decision 0019). Every field of a
 * resource's contract shapes has exactly one entry, so a field added to the contract does not
 * compile until someone says where it lives: a column, a column written elsewhere, or nowhere.
 */
export type Entry<Table> =
  /** Read from and written to `column`, through `codec` when the stored value differs. */
  | { kind: 'column'; column: keyof Table & string; codec?: Codec }
  /** Stored in `column` but written by dedicated code (e.g. a password hashed outside the transaction). */
  | { kind: 'apart'; column: keyof Table & string; reason: string }
  /** Not a column of the table: `read` builds it from the row when an answer carries it. */
  | { kind: 'derived'; reason: string; read?: (row: never) => unknown };

/** Converts between a contract value and its stored form. Parameters are `never` so any codec fits. */
export interface Codec {
  write(value: never): unknown;
  read(value: never): unknown;
}

/**
 * A column entry. Its type keeps the column's name and the codec's own type, so a hot read can
 * name `mapping.fields.<field>.column` and call its codec directly (auth/keys.ts).
 */
export const column = <
  Table,
  const C extends keyof Table & string = keyof Table & string,
  K extends Codec | undefined = Codec | undefined,
>(
  name: C,
  codec?: K,
): Entry<Table> & { kind: 'column'; column: C } & (K extends Codec ? { codec: K } : unknown) =>
  (codec ? { kind: 'column', column: name, codec } : { kind: 'column', column: name }) as never;

/** Booleans are stored as 0/1 integers in every dialect (storage/schema.ts). */
export const zeroOrOne: Codec = {
  write: (value: boolean) => (value ? 1 : 0),
  read: (value: number) => value === 1,
};

/** Structured values are stored as JSON text in every dialect. */
export const jsonText: Codec = {
  write: (value: unknown) => JSON.stringify(value),
  read: (value: string) => JSON.parse(value) as unknown,
};

export interface ResourceMapping<Table, Fields extends Record<string, Entry<Table>>> {
  table: keyof Schema & string;
  fields: Fields;
  /** Columns with no contract field (timestamps, hashes, foreign keys), each with why. */
  serverOnly: Readonly<Partial<Record<string, string>>>;
  /** Every column of the table with its stored type, as generated from the migrations. */
  columns: Readonly<Record<string, string>>;
}

/**
 * A mapping of the contract fields `Shape` onto `Table` (a row type generated from the migrations:
 * storage/stored-tables.generated.ts). Compiles only when every field of `Shape` has an entry and
 * every entry names a column of `Table`; test/mapped-columns.test.ts requires each stored column to
 * be mapped or listed in `serverOnly`. A new stored field is then the contract, one entry here and a
 * migration (with `npm run generate`, which stored-tables.test.ts asks for).
 */
export const defineMapping =
  <Shape extends object, Table extends object>() =>
  <const Fields extends { [F in keyof Shape & string]-?: Entry<Table> }>(
    table: keyof typeof STORED_COLUMNS,
    fields: Fields,
    serverOnly: Partial<Record<keyof Table & string, string>>,
  ): ResourceMapping<Table, Fields> => ({ table, fields, serverOnly, columns: STORED_COLUMNS[table] });

type AnyMapping = ResourceMapping<never, Record<string, Entry<never>>>;

const write = (entry: Entry<never>, value: unknown) =>
  entry.kind === 'column' && entry.codec ? (entry.codec.write as (v: unknown) => unknown)(value) : value;

/**
 * The columns that `changes` sets: every given (not undefined) field with a column entry. A field
 * the mapping does not know throws: a new contract field is never dropped without a word.
 */
export function changesOf<Table>(
  mapping: ResourceMapping<Table, Record<string, Entry<Table>>>,
  changes: object,
): Updateable<Table> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const entry = mapping.fields[field];
    if (!entry) throw new Error(`${mapping.table}: contract field "${field}" has no mapping entry`);
    if (value === undefined || entry.kind !== 'column') continue;
    row[entry.column] = write(entry as Entry<never>, value);
  }
  return row as Updateable<Table>;
}

/** A row to insert: `defaults` (every column) overridden by the given fields of `input`. */
export function toRow<Table>(
  mapping: ResourceMapping<Table, Record<string, Entry<Table>>>,
  input: object,
  defaults: Insertable<Table>,
): Insertable<Table> {
  return { ...defaults, ...changesOf(mapping, input) } as Insertable<Table>;
}

/**
 * The answer `shape` built from a row, field by field in the contract's order, so a column the
 * shape does not name (a password hash) can never leak into it.
 */
export function fromRow<Table, S extends z.ZodObject>(
  mapping: ResourceMapping<Table, Record<string, Entry<Table>>>,
  shape: S,
  row: Selectable<Table>,
): z.input<S> {
  return readFields(mapping, Object.keys(shape.shape), row) as z.input<S>;
}

/** The named fields read from a row through the mapping; a field with nothing to read throws. */
export function readFields<Table, F extends string>(
  mapping: ResourceMapping<Table, Record<string, Entry<Table>>>,
  fields: readonly F[],
  row: Selectable<Table>,
): Record<F, unknown> {
  const answer: Record<string, unknown> = {};
  const stored = row as Record<string, unknown>;
  for (const field of fields) {
    const entry = mapping.fields[field];
    if (entry?.kind === 'column') {
      const value = stored[entry.column];
      answer[field] = entry.codec ? (entry.codec.read as (v: unknown) => unknown)(value) : value;
    } else if (entry?.kind === 'derived' && entry.read) {
      answer[field] = (entry.read as (r: unknown) => unknown)(row);
    } else {
      throw new Error(`${mapping.table}: answer field "${field}" has no readable mapping entry`);
    }
  }
  return answer as Record<F, unknown>;
}

/** Every column a mapping names (mapped fields and server-only columns): what the table must hold. */
export function mappedColumns(mapping: AnyMapping | ResourceMapping<never, never>): string[] {
  const fields = Object.values(mapping.fields as Record<string, Entry<never>>);
  const named = fields.flatMap((entry) => (entry.kind === 'derived' ? [] : [entry.column]));
  return [...new Set([...named, ...Object.keys(mapping.serverOnly)])].sort();
}
