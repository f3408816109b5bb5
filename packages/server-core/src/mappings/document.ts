import type { z } from 'zod';
import type { Schema } from '../storage/schema';

/** A column of a table of storage/schema.ts, by name. */
export type ColumnRef = {
  [T in keyof Schema & string]: { table: T; column: keyof Schema[T] & string };
}[keyof Schema & string];

/**
 * How one contract field of a resource stored as a JSON document (a definition in `objects`, a
 * permission rule) is stored. The keys of the document cannot be checked against a
 * migration; the columns holding it can (server-core's test/mapped-columns.test.ts).
 */
export type DocumentEntry<Stored> =
  /**
   * Under `key` of the document. `read` shapes the answer (undefined leaves the field out);
   * `apart`: written by dedicated code, named with the reason (the legacy `modelUid`).
   */
  | {
      kind: 'key';
      key: keyof Stored & string;
      read?: (value: never, document: never) => unknown;
      apart?: string;
    }
  /** A column of the row that holds the document (an object's id), read from that row. */
  | { kind: 'column'; at: ColumnRef }
  /** Not stored: `read` builds it from the document, or the caller adds it (which models use it). */
  | { kind: 'derived'; reason: string; read?: (document: never) => unknown };

export const key = <Stored>(name: keyof Stored & string): DocumentEntry<Stored> => ({
  kind: 'key',
  key: name,
});

export interface DocumentMapping<Stored, Fields extends Record<string, DocumentEntry<Stored>>> {
  /** For messages, e.g. `time series`. */
  name: string;
  /** The columns that hold the document (a permission may be held by several tables). */
  storedIn: readonly ColumnRef[];
  fields: Fields;
}

type AnyDocumentMapping = DocumentMapping<never, Record<string, DocumentEntry<never>>>;

/**
 * A mapping of the contract fields `Shape` onto the stored document `Stored`: compiles only when
 * every field of `Shape` has an entry and every key entry names a key of `Stored`.
 */
export const defineDocumentMapping =
  <Shape extends object, Stored extends object>() =>
  <const Fields extends { [F in keyof Shape & string]-?: DocumentEntry<Stored> }>(
    name: string,
    storedIn: readonly ColumnRef[],
    fields: Fields,
  ): DocumentMapping<Stored, Fields> => ({ name, storedIn, fields });

/**
 * The document keys that `input` sets: every given (not undefined) field with a key entry not
 * written apart. A field the mapping does not know throws, so a new contract field is never
 * dropped without a word; column and derived fields (an id, `used`) are not part of a document.
 */
export function documentOf<Stored>(
  mapping: DocumentMapping<Stored, Record<string, DocumentEntry<Stored>>>,
  input: object,
): Partial<Stored> {
  const document: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    const entry = mapping.fields[field];
    if (!entry) throw new Error(`${mapping.name}: contract field "${field}" has no mapping entry`);
    if (value !== undefined && entry.kind === 'key' && entry.apart === undefined) document[entry.key] = value;
  }
  return document as Partial<Stored>;
}

type Step =
  | { field: string; from: 'key'; name: string; read?: (value: unknown, document: unknown) => unknown }
  | { field: string; from: 'column'; name: string }
  | { field: string; from: 'derived'; read: (document: unknown) => unknown }
  | { field: string; from: 'given' };

/**
 * Reads the answer fields `fields` (in that order) from a stored document, the row holding it and
 * `given`, the derived fields that the caller works out (which models use the object). The steps
 * are worked out once, so a read costs the answer object alone. A field that reads as undefined is
 * left out; a derived field missing from `given` throws rather than go missing from the answer.
 */
export function documentReader<Stored, F extends string>(
  mapping: DocumentMapping<Stored, Record<string, DocumentEntry<Stored>>>,
  fields: readonly F[],
): (document: Stored, row?: object, given?: Readonly<Partial<Record<F, unknown>>>) => Record<F, unknown> {
  const steps = fields.map((field): Step => {
    const entry = mapping.fields[field];
    if (!entry) throw new Error(`${mapping.name}: answer field "${field}" has no mapping entry`);
    if (entry.kind === 'column') return { field, from: 'column', name: entry.at.column };
    if (entry.kind === 'derived') {
      const read = entry.read as ((document: unknown) => unknown) | undefined;
      return read ? { field, from: 'derived', read } : { field, from: 'given' };
    }
    const read = entry.read as Extract<Step, { from: 'key' }>['read'];
    return read ? { field, from: 'key', name: entry.key, read } : { field, from: 'key', name: entry.key };
  });
  return (document, row, given) => {
    const answer: Record<string, unknown> = {};
    const stored = document as Record<string, unknown>;
    for (const step of steps) {
      let value: unknown;
      if (step.from === 'key') {
        value = stored[step.name];
        if (step.read) value = step.read(value, document);
      } else if (step.from === 'column') value = (row as Record<string, unknown>)[step.name];
      else if (step.from === 'derived') value = step.read(document);
      else {
        value = (given as Record<string, unknown> | undefined)?.[step.field];
        if (value === undefined) throw new Error(`${mapping.name}: derived field "${step.field}" not given`);
      }
      if (value !== undefined) answer[step.field] = value;
    }
    return answer as Record<F, unknown>;
  };
}

/**
 * documentReader over the fields of a contract shape, in its order, without `omitted` (the keys a
 * list appends itself), typed as that shape's answer.
 */
export function answerReader<
  Stored,
  S extends z.ZodObject,
  const O extends keyof S['shape'] & string = never,
>(
  mapping: DocumentMapping<Stored, Record<string, DocumentEntry<Stored>>>,
  shape: S,
  omitted: readonly O[] = [],
): (document: Stored, row?: object, given?: Readonly<Partial<z.input<S>>>) => Omit<z.input<S>, O> {
  const fields = Object.keys(shape.shape).filter((field) => !(omitted as readonly string[]).includes(field));
  return documentReader(mapping, fields) as (document: Stored, row?: object) => Omit<z.input<S>, O>;
}

/** Every column a document mapping names: those holding it and those read beside it. */
export function documentColumns(mapping: AnyDocumentMapping): ColumnRef[] {
  const beside = Object.values(mapping.fields).flatMap((entry) =>
    entry.kind === 'column' ? [entry.at] : [],
  );
  const all = [...mapping.storedIn, ...beside];
  return all.filter((ref, i) => all.findIndex((r) => r.table === ref.table && r.column === ref.column) === i);
}
