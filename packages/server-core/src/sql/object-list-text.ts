import type { ManagementCollection } from '@wsadmin/contract';
import { BoundedMap } from '../bounded-map';
import { SerializedJson } from '../serialized-json';
import { RowsWhileUnchanged } from '../storage/row-cache';
import { perStorage, type Storage } from '../storage/storage';
import { listObjects, type StoredObject } from './objects';

/**
 * Lists of stored objects answered from cached JSON text. Parsing every stored definition and
 * serialising the answer again took most of a 1,000-dimension list (docs/performance-history.md,
 * "Lists and search"); an object's answer item depends only on its id and definition, and its revision
 * changes with every change of the definition (a hash of it), so `kind:id:revision` names one
 * item text for good. A list then reads ids and revisions only, and parses definitions only when
 * some item is not cached. Kept per storage (`storage.own`), bounded by characters.
 */

/** At most this many characters of keys and item text are kept (a 1,000-dimension list: 280,000). */
export const ITEM_TEXT_CHARS = 32 * 2 ** 20;

/** Item texts by `kind:id:revision`, the oldest forgotten first, within a bound of characters. */
export class ItemTexts {
  #texts = ItemTexts.#bounded(ITEM_TEXT_CHARS);

  static #bounded(maxChars: number): BoundedMap<string, string> {
    return new BoundedMap({ maxWeight: maxChars, weigh: (text, key) => key.length + text.length });
  }

  /** Forgets every text and sets the bound (default: the production one). */
  reset(maxChars = ITEM_TEXT_CHARS): void {
    this.#texts = ItemTexts.#bounded(maxChars);
  }

  recall(key: string): string | undefined {
    // A peek: hits do not count as uses. A 1,000-item list would pay 1,000 reorders on every
    // answer, and an item forgotten costs only one parse when listed again.
    return this.#texts.peek(key);
  }

  remember(key: string, text: string): void {
    if (!this.#texts.has(key)) this.#texts.set(key, text);
  }

  /** What is kept: entries and characters. */
  get size(): { entries: number; chars: number } {
    return { entries: this.#texts.size, chars: this.#texts.weight };
  }
}

export const itemTexts = perStorage(() => new ItemTexts());

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
const cachedLists = perStorage(
  () =>
    new RowsWhileUnchanged<SerializedJson<unknown>>(
      CACHED_LISTS,
      (answer) => answer.text.length <= CACHED_LIST_CHARS,
    ),
);

/**
 * `JSON.stringify(objects.map((o) => ({ ...item(o), ...tail(o.id) })))` in id order, without
 * parsing or serialising definitions of cached items, or reading at all while nothing changed.
 */
export async function listText<K extends ManagementCollection, Item extends object, Tail extends object>(
  storage: Storage,
  workspaceId: number,
  list: ListText<K, Item, Tail>,
): Promise<SerializedJson<Array<Item & Tail>>> {
  const answer = await storage
    .own(cachedLists)
    .get(storage, `${list.kind}:${workspaceId}`, () => buildListText(storage, workspaceId, list));
  // `get` answers what the read gave (never undefined here); the key names kind and workspace, whose
  // list has one item type.
  return answer as SerializedJson<Array<Item & Tail>>;
}

async function buildListText<K extends ManagementCollection, Item extends object, Tail extends object>(
  storage: Storage,
  workspaceId: number,
  list: ListText<K, Item, Tail>,
): Promise<SerializedJson<Array<Item & Tail>>> {
  const { db } = storage;
  const texts = storage.own(itemTexts);
  const tail = await list.tails?.();
  const rows = await db
    .selectFrom('objects')
    .select(['id', 'revision'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', list.kind)
    .orderBy('id')
    .execute();
  let items = rows.map((row) => texts.recall(`${list.kind}:${row.id}:${row.revision}`));
  if (items.includes(undefined)) {
    // Read again in full: the ids and revisions may have changed since, and one read is one snapshot.
    const objects = await listObjects(db, workspaceId, list.kind);
    items = objects.map((object) => {
      const text = JSON.stringify(list.item(object));
      texts.remember(`${list.kind}:${object.id}:${object.revision}`, text);
      return text;
    });
    return new SerializedJson(joined(items as string[], objects, tail));
  }
  return new SerializedJson(joined(items as string[], rows, tail));
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
