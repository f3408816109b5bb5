import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

const keysOf = <K, V>(map: BoundedMap<K, V>) => [...map.entries()].map(([key]) => key);

describe('BoundedMap', () => {
  it('forgets the least recently used entry past maxEntries; get counts as a use, peek does not', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 2 });
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(keysOf(map)).toEqual(['a', 'c']);
    expect(map.peek('a')).toBe(1);
    map.set('d', 4);
    expect(keysOf(map)).toEqual(['c', 'd']);
    expect(map.get('b')).toBeUndefined();
    expect(map.size).toBe(2);
  });

  it('forgets least recently used entries until the weight is within maxWeight', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 10, weigh: (text) => text.length });
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    map.get('a');
    map.set('c', 'xxxxx');
    expect(keysOf(map)).toEqual(['a', 'c']);
    expect(map.weight).toBe(9);
  });

  it('holds both bounds at once', () => {
    const map = new BoundedMap<number, string>({ maxEntries: 3, maxWeight: 6, weigh: (text) => text.length });
    for (let key = 0; key < 5; key++) map.set(key, 'x');
    expect(keysOf(map)).toEqual([2, 3, 4]);
    map.set(9, 'xxxxx');
    expect(keysOf(map)).toEqual([4, 9]);
    expect(map.weight).toBe(6);
  });

  it('does not keep an entry heavier than maxWeight alone, and keeps the others', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 3, weigh: (text) => text.length });
    map.set('a', 'xx');
    expect(map.set('big', 'xxxx')).toBe(false);
    expect(map.has('big')).toBe(false);
    expect(keysOf(map)).toEqual(['a']);
  });

  it('replaces a key, counting its new weight only; delete and clear give the weight back', () => {
    const map = new BoundedMap<string, string>({
      maxWeight: 100,
      weigh: (text, key) => text.length + key.length,
    });
    map.set('a', 'xxx');
    map.set('a', 'x');
    expect(map.weight).toBe(2);
    map.set('b', 'xx');
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect(map.weight).toBe(3);
    map.clear();
    expect([map.size, map.weight]).toEqual([0, 0]);
  });

  it('refuses bounds that bound nothing', () => {
    expect(() => new BoundedMap({})).toThrow(/maxEntries, maxWeight or both/);
    expect(() => new BoundedMap({ maxWeight: 1 })).toThrow(/needs weigh/);
  });

  it("whenFull 'refuse' keeps what it holds and the new entry out, so a cycle over more keys still hits", () => {
    const map = new BoundedMap<number, string>({ maxEntries: 2, whenFull: 'refuse' });
    expect(map.set(1, 'a')).toBe(true);
    expect(map.set(2, 'b')).toBe(true);
    expect(map.set(3, 'c')).toBe(false);
    expect([...map.entries()]).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    // An entry it holds may still change.
    expect(map.set(1, 'A')).toBe(true);
    expect(map.get(1)).toBe('A');
    // A cycle over three keys: least-recent eviction never hits, refusing hits two of three.
    const lru = new BoundedMap<number, number>({ maxEntries: 2 });
    const refusing = new BoundedMap<number, number>({ maxEntries: 2, whenFull: 'refuse' });
    const hits = { lru: 0, refusing: 0 };
    for (let round = 0; round < 3; round++) {
      for (const key of [1, 2, 3]) {
        if (lru.get(key) === undefined) lru.set(key, key);
        else hits.lru++;
        if (refusing.get(key) === undefined) refusing.set(key, key);
        else hits.refusing++;
      }
    }
    expect(hits).toEqual({ lru: 0, refusing: 4 });
  });

  it("whenFull 'refuse' keeps its entries in the order they were set: a hit moves nothing", () => {
    const refusing = new BoundedMap<number, number>({ maxEntries: 3, whenFull: 'refuse' });
    const lru = new BoundedMap<number, number>({ maxEntries: 3 });
    for (const map of [refusing, lru]) {
      for (const key of [1, 2, 3]) map.set(key, key);
      expect(map.get(1)).toBe(1);
    }
    expect([...refusing.entries()].map(([key]) => key)).toEqual([1, 2, 3]);
    expect([...lru.entries()].map(([key]) => key)).toEqual([2, 3, 1]);
  });

  it("whenFull 'refuse' holds the weight bound the same way", () => {
    const map = new BoundedMap<string, string>({
      maxWeight: 5,
      weigh: (text) => text.length,
      whenFull: 'refuse',
    });
    expect(map.set('a', 'abc')).toBe(true);
    expect(map.set('b', 'abc')).toBe(false);
    expect(map.set('c', 'ab')).toBe(true);
    expect(map.weight).toBe(5);
  });

  it('lets a caller delete the entry it is given while iterating', () => {
    const map = new BoundedMap<number, number>({ maxEntries: 5 });
    for (const key of [1, 2, 3, 4]) map.set(key, key);
    for (const [key] of map.entries()) if (key % 2 === 0) map.delete(key);
    expect([...map.entries()].map(([key]) => key)).toEqual([1, 3]);
  });
});
