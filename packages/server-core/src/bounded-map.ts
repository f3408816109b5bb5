/** How a `BoundedMap` is bounded: by entries, by weight, or both. */
export interface MapBounds<K, V> {
  /** The most entries kept. */
  maxEntries?: number;
  /** The most the kept values may weigh together, by `weigh` (e.g. characters of text). */
  maxWeight?: number;
  /** The weight of one entry; only with `maxWeight`. */
  weigh?: (value: V, key: K) => number;
  /**
   * What a new entry does to a full map: `forget-least-recent` (the default) makes room for it;
   * `refuse` keeps the map as it is and the entry out, so that a scan of more keys than the map
   * holds cannot evict every entry (under least-recent eviction, a cycle over more keys than fit
   * never hits at all).
   */
  whenFull?: 'forget-least-recent' | 'refuse';
}

/** An entry, linked to its neighbours in the order of use. */
interface Node<K, V> {
  key: K;
  value: V;
  weight: number;
  older: Node<K, V> | undefined;
  newer: Node<K, V> | undefined;
}

/**
 * A map that forgets its least recently used entries past its bounds: every cache of the server
 * (statements, parses, rows, answer texts, rate buckets) keeps its entries here, under one rule.
 * `get` counts as a use; `peek` does not. An entry heavier than `maxWeight` alone is not kept.
 *
 * The order of use is a linked list beside the `Map`, not the `Map`'s own order: moving an entry
 * by deleting and setting it again leaves a hole that every later walk from the oldest entry steps
 * over until V8 rehashes the table, which made a full cache's every `set` cost tens of µs.
 */
export class BoundedMap<K, V> {
  readonly #nodes = new Map<K, Node<K, V>>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #weigh: ((value: V, key: K) => number) | undefined;
  readonly #refuseWhenFull: boolean;
  #weight = 0;
  #oldest: Node<K, V> | undefined;
  #newest: Node<K, V> | undefined;

  constructor(bounds: MapBounds<K, V>) {
    if (bounds.maxEntries === undefined && bounds.maxWeight === undefined)
      throw new RangeError('BoundedMap needs maxEntries, maxWeight or both');
    if (bounds.maxWeight !== undefined && !bounds.weigh)
      throw new RangeError('BoundedMap: maxWeight needs weigh');
    this.#maxEntries = bounds.maxEntries ?? Number.POSITIVE_INFINITY;
    this.#maxWeight = bounds.maxWeight ?? Number.POSITIVE_INFINITY;
    this.#weigh = bounds.weigh;
    this.#refuseWhenFull = bounds.whenFull === 'refuse';
  }

  /**
   * The value of `key`, now the most recently used; undefined when not kept. A map that refuses
   * when full never forgets an entry to make room, so it keeps no order of use (its entries stay in
   * the order they were set) and a hit costs a `Map` lookup alone.
   */
  get(key: K): V | undefined {
    const node = this.#nodes.get(key);
    if (!node) return undefined;
    if (!this.#refuseWhenFull && node !== this.#newest) {
      this.#unlink(node);
      this.#append(node);
    }
    return node.value;
  }

  /** The value of `key`, leaving the order of use as it is. */
  peek(key: K): V | undefined {
    return this.#nodes.get(key)?.value;
  }

  has(key: K): boolean {
    return this.#nodes.has(key);
  }

  /**
   * Keeps `value` as the most recently used, then forgets the least recently used entries until
   * the bounds hold. False when the entry alone weighs more than `maxWeight`, or the map is full and
   * refuses new entries (not kept).
   */
  set(key: K, value: V): boolean {
    this.delete(key);
    const weight = this.#weigh?.(value, key) ?? 0;
    if (weight > this.#maxWeight) return false;
    if (
      this.#refuseWhenFull &&
      (this.#nodes.size >= this.#maxEntries || this.#weight + weight > this.#maxWeight)
    )
      return false;
    const node: Node<K, V> = { key, value, weight, older: undefined, newer: undefined };
    this.#nodes.set(key, node);
    this.#append(node);
    this.#weight += weight;
    while (this.#oldest && (this.#nodes.size > this.#maxEntries || this.#weight > this.#maxWeight))
      this.delete(this.#oldest.key);
    return true;
  }

  delete(key: K): boolean {
    const node = this.#nodes.get(key);
    if (!node) return false;
    this.#nodes.delete(key);
    this.#unlink(node);
    this.#weight -= node.weight;
    return true;
  }

  clear(): void {
    this.#nodes.clear();
    this.#oldest = undefined;
    this.#newest = undefined;
    this.#weight = 0;
  }

  /** Entries kept. */
  get size(): number {
    return this.#nodes.size;
  }

  /** Sum of the kept entries' weights (0 without `weigh`). */
  get weight(): number {
    return this.#weight;
  }

  /** The entries, least recently used first; iterating is no use. */
  *entries(): IterableIterator<[K, V]> {
    // The next entry is taken before yielding: a caller may delete the entry it was given.
    for (let node = this.#oldest; node; ) {
      const next: Node<K, V> | undefined = node.newer;
      yield [node.key, node.value];
      node = next;
    }
  }

  #append(node: Node<K, V>): void {
    node.older = this.#newest;
    node.newer = undefined;
    if (this.#newest) this.#newest.newer = node;
    else this.#oldest = node;
    this.#newest = node;
  }

  #unlink(node: Node<K, V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    node.older = undefined;
    node.newer = undefined;
  }
}
