import { type Kysely, sql, type Transaction } from 'kysely';
import { Semaphore } from '../semaphore';
import type { Schema } from './schema';

/**
 * What a write transaction serializes on (decision 0005):
 * - `{ workspaceIds }`: writes in those workspaces run one at a time, across every process; writes
 *   in other workspaces run in parallel. On PostgreSQL the lock is the workspace rows themselves
 *   (`select … for no key update`, ascending ids), which distributed PostgreSQL-compatible engines
 *   support too; deleting a workspace locks its row as well, so it waits for writes inside it.
 * - `'unscoped'`: the transaction's invariants rest on unique constraints and conditional writes
 *   only (accounts, creating workspaces): no lock.
 * - `'global'`: one advisory lock per schema, for the rare writes whose "check, then write" spans
 *   the whole database and that run at start only (migrations, the bootstrap key).
 * On SQLite every scope is the same: the database has one writer.
 */
export type WriteScope = { readonly workspaceIds: readonly number[] } | 'unscoped' | 'global';

type Db = Kysely<Schema>;
type Work<T> = (trx: Transaction<Schema>) => Promise<T>;

export interface WriteLockOptions {
  /**
   * Write transactions that may hold a pool connection at once in this process; the rest of the
   * pool stays free for reads, so reads never queue behind writers waiting for a lock.
   */
  maxConcurrentWrites: number;
}

/** Advisory key of the global scope (the key every write took before per-workspace locks). */
const GLOBAL_LOCK = sql`select pg_advisory_xact_lock(hashtext('wsadmin writes ' || current_schema()))`;

/** PostgreSQL SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * The `writeTransaction` of a storage on `db` (storage.ts): with `locks` (PostgreSQL), every
 * transaction takes the locks of its scope; without (SQLite: one writer anyway), it just runs.
 * Either way the transaction carries its own state (`ownInTransaction`).
 */
export function writeTransactionOn(
  db: Db,
  locks: WriteLockOptions | undefined,
  run: TransactionRunner = (on, work) => on.transaction().execute(work),
): <T>(scope: WriteScope, work: Work<T>) => Promise<T> {
  if (!locks) return (_scope, work) => run(db, (trx) => work(withTransactionState(trx)));
  const locker = new WriteLocker(locks);
  return (scope, work) => locker.run(db, scope, work);
}

/**
 * How a transaction runs on `db`: Kysely's own (`BEGIN` … `COMMIT`) by default; where SQL
 * transactions are refused, the runtime's (a Durable Object's `ctx.storage.transaction`).
 */
export type TransactionRunner = <T>(db: Db, work: Work<T>) => Promise<T>;

/** Something a write transaction keeps while it runs (`perTransaction`), e.g. lists it read. */
export interface PerTransaction<T> {
  readonly create: () => T;
}

export function perTransaction<T>(create: () => T): PerTransaction<T> {
  return { create };
}

const TRANSACTION_STATE = Symbol('wsadmin transaction state');

interface WithTransactionState {
  [TRANSACTION_STATE]?: Map<PerTransaction<unknown>, unknown>;
}

/**
 * A write transaction's own instance of `state`, made on first use; undefined outside a write
 * transaction of a storage (a plain read, a transaction opened directly on Kysely). The state is a
 * property of the transaction object, so it ends with it.
 */
export function ownInTransaction<T>(db: Db, state: PerTransaction<T>): T | undefined {
  const owned = (db as WithTransactionState)[TRANSACTION_STATE];
  if (!owned) return undefined;
  if (owned.has(state)) return owned.get(state) as T;
  const made = state.create();
  owned.set(state, made);
  return made;
}

function withTransactionState(trx: Transaction<Schema>): Transaction<Schema> {
  (trx as WithTransactionState)[TRANSACTION_STATE] = new Map();
  return trx;
}

class WriteLocker {
  /** Tail of the in-process queue of each workspace. */
  private readonly queues = new Map<number, Promise<void>>();
  private readonly slots: Semaphore;

  constructor(options: WriteLockOptions) {
    this.slots = new Semaphore(Math.max(1, options.maxConcurrentWrites));
  }

  async run<T>(db: Db, scope: WriteScope, work: Work<T>): Promise<T> {
    const ids = typeof scope === 'object' ? [...new Set(scope.workspaceIds)].sort((a, b) => a - b) : [];
    // Queue in memory first, in id order (no cycles), and only then take a pool connection: a
    // process sends at most one writer per workspace to wait on the database's lock, and waiting
    // writers hold no connection that reads need.
    const releases: Array<() => void> = [];
    try {
      for (const id of ids) releases.push(await this.enqueue(id));
      await this.slots.acquire();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            return await db.transaction().execute(async (trx) => {
              await this.lock(trx, scope, ids);
              return work(withTransactionState(trx));
            });
          } catch (error) {
            // A deadlock between unscoped writers (two account batches taking the same usernames
            // in opposite orders): the loser rolled back, so running it again is safe.
            if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error))) throw error;
          }
        }
      } finally {
        this.slots.release();
      }
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async lock(trx: Transaction<Schema>, scope: WriteScope, ids: number[]): Promise<void> {
    if (scope === 'global') {
      await GLOBAL_LOCK.execute(trx);
      return;
    }
    if (ids.length === 0) return;
    // Rows are locked in the order returned (the lock is taken above the sort): ascending ids, so
    // two multi-workspace writers cannot deadlock. FOR NO KEY UPDATE does not block the FOR KEY
    // SHARE that foreign-key checks take (a preview inserting a plan token does not wait).
    await trx
      .selectFrom('workspaces')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  }

  private async enqueue(id: number): Promise<() => void> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.queues.set(id, tail);
    await previous;
    return () => {
      release();
      // Last in the queue: forget the workspace, so the map does not grow with every id ever seen.
      if (this.queues.get(id) === tail) this.queues.delete(id);
    };
  }
}

function sqlState(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
