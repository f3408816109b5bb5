import type { Kysely } from 'kysely';
import { changeVersionOf } from '../storage/quick-reads';
import type { AccessKeyTable, Schema } from '../storage/schema';

type Db = Kysely<Schema>;

/**
 * Key rows as last read, by secret hash (never by secret), kept only while nothing can have changed
 * them: the database's change version (SQLite's data_version, bumped by every commit of another
 * connection or process, e.g. `npm run keys -- revoke`) and this process's own key writes are both
 * as they were when the row was read. Checking the version costs a third of reading the row.
 * Where the runtime gives no version (PostgreSQL, sql.js), or inside a transaction, every request
 * reads its row.
 */
interface Known {
  version: number;
  writes: number;
  rows: Map<string, AccessKeyTable>;
}

const MAX_ROWS = 1000;
const known = new WeakMap<Db, Known>();
let ownWrites = 0;

/**
 * Called right after each key write of this process, before its transaction (if any) commits: this
 * connection's commits leave the version as it is. Until the commit, reads on the connection take
 * the transaction's turn or see no version, so none can keep the old row past it.
 */
export function keysWritten(): void {
  ownWrites++;
}

/** The row of `hash`, from memory while provably unchanged, else from `read`. */
export async function knownKeyRow(
  db: Db,
  hash: string,
  read: () => Promise<AccessKeyTable | undefined>,
): Promise<AccessKeyTable | undefined> {
  const version = changeVersionOf(db);
  if (version === undefined) return read();
  // Labels taken before the read: a change landing meanwhile makes the next request read again.
  let current = known.get(db);
  if (!current || current.version !== version || current.writes !== ownWrites) {
    current = { version, writes: ownWrites, rows: new Map() };
    known.set(db, current);
  }
  const remembered = current.rows.get(hash);
  if (remembered) return remembered;
  const row = await read();
  // Unknown secrets are not remembered: a flood of them must not fill memory.
  if (row && current.rows.size < MAX_ROWS) current.rows.set(hash, row);
  return row;
}
