import type { Kysely } from 'kysely';
import { changeVersionOf } from './quick-reads';
import type { Schema } from './schema';

type Db = Kysely<Schema>;

interface Remembered<Row> {
  version: number;
  rows: Map<string, Row>;
}

/**
 * Rows as last read, kept only while the database provably has not changed: its change version
 * (SQLite: data_version, moved by every commit of another connection or process such as
 * `npm run keys -- revoke`, plus this connection's total_changes) is what it was when the row was
 * read. Checking the version costs a fraction of a point read. Where the runtime gives no version
 * (PostgreSQL, sql.js) or a transaction is open, every call reads.
 */
export class RowsWhileUnchanged<Row> {
  readonly #byDb = new WeakMap<Db, Remembered<Row>>();

  /**
   * `capacity`: rows kept per version; past it, further rows are read but not kept (a flood of ids
   * or keys). `keep`: which rows are worth keeping at all (e.g. not an answer of many megabytes).
   */
  constructor(
    private readonly capacity = 1000,
    private readonly keep: (row: Row) => boolean = () => true,
  ) {}

  async get(db: Db, key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const version = changeVersionOf(db);
    if (version === undefined) return read();
    // The version is taken before the read: a change landing meanwhile makes the next call read again.
    let current = this.#byDb.get(db);
    if (current?.version !== version) {
      current = { version, rows: new Map() };
      this.#byDb.set(db, current);
    }
    const remembered = current.rows.get(key);
    if (remembered !== undefined) return remembered;
    const row = await read();
    // Misses are not kept: an unknown key or id costs a read each time rather than memory.
    // Frozen: every later caller gets this same object.
    if (row !== undefined && current.rows.size < this.capacity && this.keep(row)) {
      current.rows.set(key, Object.freeze(row));
    }
    return row;
  }
}
