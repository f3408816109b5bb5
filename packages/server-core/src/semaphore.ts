/**
 * At most `permits` holders at once; the rest wait in order. A waiter whose signal aborts leaves
 * the line at once (its `acquire` rejects with the signal's reason) and never takes a permit, so
 * an abandoned request holds up nobody. Used by every limiter of the server (password hashes,
 * write transactions).
 */
export class Semaphore {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(permits: number) {
    if (!Number.isInteger(permits) || permits < 1)
      throw new RangeError(`Semaphore needs a whole number of permits >= 1, got ${permits}`);
    this.#free = permits;
  }

  /** Resolves when a permit is taken; rejects with `signal.reason` if it aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(take);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.#waiting.push(take);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Gives the permit straight to the next in line, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }

  /** `work` holding a permit, released however it ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holders waiting for a permit. */
  get waiting(): number {
    return this.#waiting.length;
  }
}
