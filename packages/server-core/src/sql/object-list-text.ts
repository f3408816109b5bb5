import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { SerializedJson } from '../serialized-json';
import { RowsWhileUnchanged } from '../storage/row-cache';
import type { Schema } from '../storage/schema';
import { listObjects, type StoredObject } from './objects';

/**
 * Lists of stored objects answered from cached JSON text. Parsing every stored definition and
 * serialising the answer again took most of a 1,000-dimension list (docs/performance-history.md,
 * "Lists and search"); an object's answer item depends only on its id and definition, and its revision
 * changes with every change of the definition (a hash of it), so `kind:id:revision` names one
 * item text for good. A list then reads ids and revisions only, and parses definitions only when
 * some item is not cached. The key holds no database identity: two databases in one process
 * (tests, the mock) share entries only when id, revision and so the definition agree.
 */

/** At most this many characters of keys and item text are kept (a 1,000-dimension list: 280,000). */
const CACHE_CHARS = 32 * 2 ** 20;

const cache = new Map<string, string>();
let cachedChars = 0;
let maxChars = CACHE_CHARS;

function remember(key: string, text: string) {
  if (cache.has(key)) return;
  cache.set(key, text);
  cachedChars += key.length + text.length;
  // Oldest first (Map iterates in insertion order). Hits do not reorder: that would cost every
  // hit a delete and an insert, and an evicted item costs only one parse when listed again.
  for (const [oldKey, oldText] of cache) {
    if (cachedChars <= maxChars) break;
    cache.delete(oldKey);
    cachedChars -= oldKey.length + oldText.length;
  }
}

const recall = (key: string): string | undefined => cache.get(key);

/** For tests: forget every cached item and set the bound (default: the production one). */
export function resetListTextCache(limitChars = CACHE_CHARS): void {
  cache.clear();
  cachedChars = 0;
  maxChars = limitChars;
}

/** For tests: what the cache holds. */
export function listTextCacheSize(): { entries: number; chars: number } {
  return { entries: cache.size, chars: cachedChars };
}

export interface ListText<K extends ManagementCollection, Item extends object, Tail extends object> {
  kind: K;
  /** The part of an answer item that depends on the object alone. */
  item(object: StoredObject<K>): Item;
  /**
   * Reads what the items' tails depend on, once per built list, and answers each item's tail: keys
   * appended after the item's own (none of them among its keys), e.g. which models use it.
   */
  tails?(): Promise<(id: number) => Tail>;
}

/** Whole answers kept per database while it has not changed: at most this many lists... */
const CACHED_LISTS = 16;
/** ...of at most this many characters each (a 1,000-dimension list: 260,000). */
const CACHED_LIST_CHARS = 2 ** 20;

/**
 * A list asked again before anything in the database changed (its change version, which also moves
 * with every commit of another process) is that same text: it is answered without a read. Where
 * there is no change version (sql.js) every list is built.
 */
const cachedLists = new RowsWhileUnchanged<SerializedJson<unknown>>(
  CACHED_LISTS,
  (answer) => answer.text.length <= CACHED_LIST_CHARS,
);

/**
 * `JSON.stringify(objects.map((o) => ({ ...item(o), ...tail(o.id) })))` in id order, without
 * parsing or serialising definitions of cached items, or reading at all while nothing changed.
 */
export async function listText<K extends ManagementCollection, Item extends object, Tail extends object>(
  db: Kysely<Schema>,
  workspaceId: number,
  list: ListText<K, Item, Tail>,
): Promise<SerializedJson<Array<Item & Tail>>> {
  const answer = await cachedLists.get(db, `${list.kind}:${workspaceId}`, () =>
    buildListText(db, workspaceId, list),
  );
  // `get` answers what the read gave (never undefined here); the key names kind and workspace, whose
  // list has one item type.
  return answer as SerializedJson<Array<Item & Tail>>;
}

async function buildListText<K extends ManagementCollection, Item extends object, Tail extends object>(
  db: Kysely<Schema>,
  workspaceId: number,
  list: ListText<K, Item, Tail>,
): Promise<SerializedJson<Array<Item & Tail>>> {
  const tail = await list.tails?.();
  const rows = await db
    .selectFrom('objects')
    .select(['id', 'revision'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', list.kind)
    .orderBy('id')
    .execute();
  let texts = rows.map((row) => recall(`${list.kind}:${row.id}:${row.revision}`));
  if (texts.includes(undefined)) {
    // Read again in full: the ids and revisions may have changed since, and one read is one snapshot.
    const objects = await listObjects(db, workspaceId, list.kind);
    texts = objects.map((object) => {
      const text = JSON.stringify(list.item(object));
      remember(`${list.kind}:${object.id}:${object.revision}`, text);
      return text;
    });
    return new SerializedJson(joined(texts as string[], objects, tail));
  }
  return new SerializedJson(joined(texts as string[], rows, tail));
}

function joined<Tail extends object>(
  texts: string[],
  rows: Array<{ id: number }>,
  tail: ((id: number) => Tail) | undefined,
): string {
  if (!tail) return `[${texts.join(',')}]`;
  // Most items share one tail object (e.g. "used by no model"): serialise it once.
  let lastTail: Tail | undefined;
  let lastExtra = '';
  // `{"a":1}` + `{"b":2}` -> `{"a":1,"b":2}`: what JSON.stringify gives for `{ ...item, ...tail }`.
  const items = texts.map((text, i) => {
    const value = tail(rows[i]?.id ?? 0);
    if (value !== lastTail) {
      lastTail = value;
      lastExtra = JSON.stringify(value);
    }
    const extra = lastExtra;
    if (extra === '{}') return text;
    return text === '{}' ? extra : `${text.slice(0, -1)},${extra.slice(1)}`;
  });
  return `[${items.join(',')}]`;
}
