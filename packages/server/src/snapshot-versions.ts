/**
 * The change version of a PostgreSQL database (decision 0020): the text of `pg_current_snapshot()`,
 * `xmin:xmax:xip`. Two equal snapshots mean that no transaction of the server finished in between
 * (any commit moves xmax or leaves the in-progress list), so rows and answers kept under the first
 * may serve a request that read the second. No trigger, no table written, no notification to lose.
 *
 * A request may only use a version read that started after it arrived: then a commit that completed
 * before the request, in any process, is in it. Reads are coalesced so that this costs a fraction of
 * a round trip per request under load: at most one read in flight and one queued; every request
 * arriving while one is in flight waits for the queued one, which starts when the first settles.
 */
export class SnapshotVersions {
  readonly #read: () => Promise<string>;
  /** The newest version read, and this process's write count when its read started. */
  #latest: { version: string; writes: number } | undefined;
  #running = false;
  #queued: { settled: Promise<void>; start: () => void } | undefined;
  /** Statements of this process that may have changed rows, completed so far. */
  #writes = 0;
  /** Moves with every lost connection: no version read before it equals one read after. */
  #epoch = 0;

  /** `read`: one statement that answers the server's current snapshot as text. */
  constructor(read: () => Promise<string>) {
    this.#read = read;
  }

  /**
   * The newest version read, unless this process has written since that read started (its own
   * commit may be missing from it) or the last read failed. It vouches for the commits that
   * completed before the last `fresh()` call: callers await that first.
   */
  current(): string | undefined {
    const latest = this.#latest;
    return latest !== undefined && latest.writes === this.#writes ? latest.version : undefined;
  }

  /** Settles (never rejects) once a version read that started after this call has settled. */
  fresh(): Promise<void> {
    if (this.#queued) return this.#queued.settled;
    if (!this.#running) return this.#run();
    let start!: () => void;
    const settled = new Promise<void>((resolve) => {
      start = () => resolve(this.#run());
    });
    this.#queued = { settled, start };
    return settled;
  }

  /** A statement of this process that may have changed rows completed (a commit, an update). */
  wrote(): void {
    this.#writes++;
  }

  /**
   * A connection to the database failed or was dropped (a restart, a failover to another server
   * whose transaction ids may repeat): nothing kept before may be used again.
   */
  lost(): void {
    this.#epoch++;
    this.#latest = undefined;
  }

  async #run(): Promise<void> {
    this.#running = true;
    const writes = this.#writes;
    const epoch = this.#epoch;
    try {
      const snapshot = await this.#read();
      if (epoch === this.#epoch) this.#latest = { version: `${epoch} ${snapshot}`, writes };
    } catch {
      this.lost();
    } finally {
      this.#running = false;
      const queued = this.#queued;
      this.#queued = undefined;
      queued?.start();
    }
  }
}
