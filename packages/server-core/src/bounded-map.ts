/** How a `BoundedMap` is bounded: by entries, by weight, or both. */
export interface MapBounds<K, V> {
  /** The most entries kept. */
  maxEntries?: number;
  /** The most the kept values may weigh together, by `weigh` (e.g. characters of text). */
  maxWeight?: number;
  /** The weight of one entry; only with `maxWeight`. */
  weigh?: (value: V, key: K) => number;
}

/**
 * A map that forgets its least recently used entries past its bounds: every cache of the server
 * (statements, parses, rows, answer texts, rate buckets) keeps its entries here, under one rule.
 * `get` counts as a use; `peek` does not. An entry heavier than `maxWeight` alone is not kept.
 */
export class BoundedMap<K, V> {
  // A Map iterates in insertion order: a use moves the entry to the end, so the first is the least recent.
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #weigh: ((value: V, key: K) => number) | undefined;
  #weight = 0;

  constructor(bounds: MapBounds<K, V>) {
    if (bounds.maxEntries === undefined && bounds.maxWeight === undefined)
      throw new RangeError('BoundedMap needs maxEntries, maxWeight or both');
    if (bounds.maxWeight !== undefined && !bounds.weigh)
      throw new RangeError('BoundedMap: maxWeight needs weigh');
    this.#maxEntries = bounds.maxEntries ?? Number.POSITIVE_INFINITY;
    this.#maxWeight = bounds.maxWeight ?? Number.POSITIVE_INFINITY;
    this.#weigh = bounds.weigh;
  }

  /** The value of `key`, now the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value of `key`, leaving the order of use as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /**
   * Keeps `value` as the most recently used, then forgets the least recently used entries until
   * the bounds hold. False when the entry alone weighs more than `maxWeight` (not kept).
   */
  set(key: K, value: V): boolean {
    this.delete(key);
    const weight = this.#weigh?.(value, key) ?? 0;
    if (weight > this.#maxWeight) return false;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#weight <= this.#maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
    return true;
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }

  /** Entries kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** Sum of the kept entries' weights (0 without `weigh`). */
  get weight(): number {
    return this.#weight;
  }

  /** The entries, least recently used first; iterating is no use. */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, entry] of this.#entries) yield [key, entry.value];
  }
}
