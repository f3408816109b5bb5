/**
 * Remembers the parse of stored text: a key row is read again whenever the database may have
 * changed (storage/row-cache.ts; where there is no change version, on every request), so a
 * revocation or a changed permission counts from the next request on, but the same few stored
 * JSON texts need not go through JSON.parse and zod each time. Keyed by the exact text, so
 * a changed field is a different key and is parsed anew. Parses that throw are not remembered.
 */
export class ParseOnce<T> {
  readonly #parsed = new Map<string, T>();

  constructor(
    private readonly parse: (text: string) => T,
    /** Distinct texts kept; past it the memory starts over (keys are few, texts repeat). */
    private readonly capacity = 1000,
  ) {}

  get(text: string): T {
    const known = this.#parsed.get(text);
    if (known !== undefined) return known;
    const value = this.parse(text);
    if (this.#parsed.size >= this.capacity) this.#parsed.clear();
    this.#parsed.set(text, value);
    return value;
  }

  get size(): number {
    return this.#parsed.size;
  }
}
