/*
 * The read path a runtime may give its storage (decision 0020): types only, shared by the port
 * (storage.ts), the opener (open-storage.ts) and the reads that use them (quick-reads.ts).
 */

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
