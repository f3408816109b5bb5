import { BoundedMap } from '../bounded-map';
import { changeVersionOf } from './quick-reads';
import type { Reader } from './storage';

interface Remembered<Row> {
  version: number | string;
  rows: BoundedMap<string, Row>;
}

/** Where one key's row is kept: the row kept there already, if any, and how to keep one. */
export interface RowSlot<Row> {
  readonly kept: Row | undefined;
  keep(row: Row): void;
}

class Slot<Row> implements RowSlot<Row> {
  readonly kept: Row | undefined;

  constructor(
    private readonly rows: RowsWhileUnchanged<Row>,
    private readonly generation: Remembered<Row>,
    private readonly key: string,
  ) {
    this.kept = generation.rows.get(key);
  }

  keep(row: Row): void {
    this.rows.keepIn(this.generation, this.key, row);
  }
}

/**
 * Rows as last read, kept only while the database provably has not changed: its change version
 * (storage/quick-reads.ts) is what it was when the row was read. SQLite: data_version, moved by
 * every commit of another connection or process such as `npm run keys -- revoke` (read once per
 * request, when it starts: `HeldVersion`), plus a count of this connection's writes. PostgreSQL: the snapshot (`pg_current_snapshot()`) the request
 * awaited at its start, moved by every commit anywhere on the server (decision 0020). Checking the
 * version costs a fraction of a point read. Where the runtime gives no version (sql.js), a
 * transaction is open, or the database could not be asked, every call reads.
 *
 * One instance per storage (`perStorage(() => new RowsWhileUnchanged(...))`, then `storage.own`):
 * the rows of one database never answer for another.
 */
export class RowsWhileUnchanged<Row> {
  #current: Remembered<Row> | undefined;

  /**
   * `capacity`: rows kept per version; past it, further rows are read but not kept (a flood of
   * ids or keys cannot evict the rows read first: under least-recent eviction, reads cycling over
   * more ids than fit would never hit). `keep`: which rows are worth keeping at all (e.g. not an
   * answer of many megabytes). `budget`: the most the cached rows may weigh together, by `weight`
   * (e.g. characters of text); past it, too, rows are not kept. A change starts a new version.
   */
  constructor(
    private readonly capacity = 1000,
    private readonly keep: (row: Row) => boolean = () => true,
    private readonly budget?: { weight: (row: Row) => number; max: number },
  ) {}

  /** The slot of `key` at the database's current version; undefined where there is no version. */
  slot(reader: Reader, key: string): RowSlot<Row> | undefined {
    const generation = this.#generation(reader);
    // An object, not a closure: a slot is made for every request.
    return generation && new Slot(this, generation, key);
  }

  /** The rows kept at the database's current version; undefined where there is no version. */
  #generation(reader: Reader): Remembered<Row> | undefined {
    const version = changeVersionOf(reader);
    if (version === undefined) return undefined;
    // The version is taken before the row is read: a change landing meanwhile makes the next call
    // read again (a row read from newer data is kept under an older version no later call sees).
    if (this.#current?.version !== version) this.#current = { version, rows: this.#rows() };
    return this.#current;
  }

  #rows(): BoundedMap<string, Row> {
    const budget = this.budget;
    return new BoundedMap<string, Row>(
      budget
        ? {
            maxEntries: this.capacity,
            maxWeight: budget.max,
            weigh: (row) => budget.weight(row),
            whenFull: 'refuse',
          }
        : { maxEntries: this.capacity, whenFull: 'refuse' },
    );
  }

  /** Keeps `row` in `generation` unless the filter refuses it (or it alone outweighs the budget). */
  keepIn(generation: Remembered<Row>, key: string, row: Row): void {
    if (!this.keep(row)) return;
    // Frozen: every later caller gets this same object.
    generation.rows.set(key, Object.freeze(row));
  }

  /** The row of `key`, kept or read; `reader` is the storage these rows are of, or a transaction in it. */
  async get(reader: Reader, key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const generation = this.#generation(reader);
    if (!generation) return read();
    const kept = generation.rows.get(key);
    if (kept !== undefined) return kept;
    const row = await read();
    // Misses are not kept: an unknown key or id costs a read each time rather than memory.
    if (row !== undefined) this.keepIn(generation, key, row);
    return row;
  }
}
