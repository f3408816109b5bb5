import { BoundedMap } from '../bounded-map';

/**
 * Remembers the parse of stored text: a key row is read again whenever the database may have
 * changed (storage/row-cache.ts; where there is no change version, on every request), so a
 * revocation or a changed permission counts from the next request on, but the same few stored
 * JSON texts need not go through JSON.parse and zod each time. Keyed by the exact text, so
 * a changed field is a different key and is parsed anew. Parses that throw are not remembered.
 */
export class ParseOnce<T> {
  readonly #parsed: BoundedMap<string, T>;

  constructor(
    private readonly parse: (text: string) => T,
    /** Distinct texts kept; past it the least recently used is forgotten (keys are few, texts repeat). */
    capacity = 1000,
  ) {
    this.#parsed = new BoundedMap({ maxEntries: capacity });
  }

  get(text: string): T {
    const known = this.#parsed.get(text);
    if (known !== undefined) return known;
    const value = this.parse(text);
    this.#parsed.set(text, value);
    return value;
  }

  get size(): number {
    return this.#parsed.size;
  }
}
