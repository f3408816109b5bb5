import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely, Selectable } from 'kysely';
import { sha256Hex } from '../auth/digest';
import { canonicalJson } from '../canonical-json';
import { ApiError } from '../errors';
import type { Definition, ObjectRecord } from '../mappings/objects';
import type { ObjectTable, Schema } from '../storage/schema';
import { ownInTransaction, perTransaction } from '../storage/write-locks';

export type { Definition };

/**
 * The one object model: time series, dimensions and measures (older endpoints and management
 * alike), dimension tables, models, corpus, SOPs and datasets live in `objects`, one row each,
 * with a version that every change bumps and a revision derived from it.
 */
export interface StoredObject<K extends ManagementCollection = ManagementCollection> extends ObjectRecord<K> {
  workspaceId: number;
  kind: K;
  uid: string | null;
  name: string;
  version: number;
  revision: string;
  createdAt: string;
  updatedAt: string;
}

type Db = Kysely<Schema>;

/**
 * `r<version>-<12 hex of the definition hash>`: changes on every change, predictable in a preview.
 * A model's server-assigned uid is left out, so a create preview can predict it too.
 */
export async function revisionOf(version: number, definition: object): Promise<string> {
  const { uid: _uid, ...hashed } = definition as { uid?: unknown };
  return `r${version}-${(await sha256Hex(canonicalJson(hashed))).slice(0, 12)}`;
}

/** The summary name of an object: its keyword, name or title. */
export function summaryName(definition: object): string {
  const d = definition as { names?: string[]; name?: string; title?: string };
  return d.names?.[0] ?? d.name ?? d.title ?? '';
}

function toStored<K extends ManagementCollection>(row: Selectable<ObjectTable>): StoredObject<K> {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind as K,
    uid: row.uid,
    name: row.name,
    definition: JSON.parse(row.definition) as Definition<K>,
    version: row.version,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertObject<K extends ManagementCollection>(
  db: Db,
  input: { workspaceId: number; kind: K; definition: Definition<K>; uid?: string },
  now: Date,
): Promise<StoredObject<K>> {
  const stamp = now.toISOString();
  forgetListed(db, input.workspaceId, input.kind);
  const row = await db
    .insertInto('objects')
    .values({
      workspace_id: input.workspaceId,
      kind: input.kind,
      uid: input.uid ?? null,
      name: summaryName(input.definition),
      definition: JSON.stringify(input.definition),
      version: 1,
      revision: await revisionOf(1, input.definition),
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStored<K>(row);
}

/**
 * Replaces the definition of `existing`, bumping its version. The update only applies when the
 * stored version is still `existing.version`, so a concurrent change (even from another process)
 * makes this fail with 409 instead of being overwritten.
 */
export async function updateObject<K extends ManagementCollection>(
  db: Db,
  existing: StoredObject<K>,
  definition: Definition<K>,
  now: Date,
): Promise<StoredObject<K>> {
  const version = existing.version + 1;
  forgetListed(db, existing.workspaceId, existing.kind);
  const row = await db
    .updateTable('objects')
    .set({
      name: summaryName(definition),
      definition: JSON.stringify(definition),
      version,
      revision: await revisionOf(version, definition),
      updated_at: now.toISOString(),
    })
    .where('id', '=', existing.id)
    .where('version', '=', existing.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    throw new ApiError(
      409,
      `${existing.kind} ${existing.id} changed concurrently; read it again`,
      'revision_conflict',
    );
  }
  return toStored<K>(row);
}

export async function findObject<K extends ManagementCollection>(
  db: Db,
  workspaceId: number,
  kind: K,
  id: number,
): Promise<StoredObject<K> | undefined> {
  const row = await db
    .selectFrom('objects')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toStored<K>(row) : undefined;
}

/**
 * The objects of a kind in id order. `holding`: only those whose definition may hold an id in that
 * top-level array field (a superset: the caller checks the parsed definition). Definitions are
 * stored by JSON.stringify, so a non-empty array of ids reads `"field":[` and a digit; the filter
 * runs in the database, which then skips reading and parsing the objects that hold nothing.
 */
export async function listObjects<K extends ManagementCollection>(
  db: Db,
  workspaceId: number,
  kind: K,
  holding?: string,
): Promise<StoredObject<K>[]> {
  const objects: StoredObject<K>[] = [];
  for (let after = 0; ; ) {
    let query = db
      .selectFrom('objects')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', kind)
      .where('id', '>', after);
    let full: boolean;
    if (holding === undefined) {
      const rows = await query.orderBy('id').limit(LIST_PAGE).execute();
      for (const row of rows) objects.push(toStored<K>(row));
      full = rows.length === LIST_PAGE;
      after = rows.at(-1)?.id ?? after;
    } else {
      const page = await pageOfIds(db, workspaceId, kind, after);
      if (page.count === 0) return objects;
      const patterns = DIGITS.map((digit) => `%"${holding}":[${digit}%`);
      query = query
        .where('id', '<=', page.last)
        .where((eb) => eb.or(patterns.map((pattern) => eb('definition', 'like', pattern))));
      for (const row of await query.orderBy('id').execute()) objects.push(toStored<K>(row));
      full = page.count === LIST_PAGE;
      after = page.last;
    }
    if (!full) return objects;
  }
}

/**
 * Lists are read in pages of at most LIST_PAGE rows, one statement each: a SQLite statement runs
 * to its end without a break, so one statement over 100,000 objects (0.9 s with the `holding`
 * filter) kept every other request of the process waiting; between pages the storage may yield
 * (storage/yielding-dialect.ts). A filtered page is cut by id before the filter applies,
 * so a filter that matches nothing still reads at most LIST_PAGE rows per statement.
 */
const LIST_PAGE = 2_000;

/** The count and last id of the next LIST_PAGE objects after `after`. */
async function pageOfIds(db: Db, workspaceId: number, kind: string, after: number) {
  const page = db
    .selectFrom('objects')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .where('id', '>', after)
    .orderBy('id')
    .limit(LIST_PAGE)
    .as('page');
  const { last, count } = await db
    .selectFrom(page)
    .select((eb) => [eb.fn.max('page.id').as('last'), eb.fn.countAll().as('count')])
    .executeTakeFirstOrThrow();
  return { last: Number(last ?? after), count: Number(count) };
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

// The lists a write transaction read through listObjectsInTransaction, by workspace and kind, then
// by `holding` ('' for all). Every write of this module forgets those of its workspace and kind.
const listedInTransaction = perTransaction(() => new Map<string, Map<string, Promise<StoredObject[]>>>());
const listKey = (workspaceId: number, kind: string) => `${workspaceId}/${kind}`;

function forgetListed(db: Db, workspaceId: number, kind: string) {
  ownInTransaction(db, listedInTransaction)?.delete(listKey(workspaceId, kind));
}

/**
 * listObjects, read once per transaction while it writes nothing of that workspace and kind. A
 * batch checks each item against every object of another kind (who references a deleted
 * dimension: its measures, dimension tables and models); reading and parsing them all per item
 * made a 1,000-item delete in a workspace of 1,000 measures take 20 s (npm run bench, batches).
 * Only inside a storage's write transaction: it holds its workspaces' write lock, and every write of `objects` goes
 * through this module, so no one else changes the list meanwhile. Callers must not mutate the rows.
 */
export function listObjectsInTransaction<K extends ManagementCollection>(
  db: Db,
  workspaceId: number,
  kind: K,
  holding?: string,
): Promise<StoredObject<K>[]> {
  const byKind = ownInTransaction(db, listedInTransaction);
  if (!byKind) return listObjects(db, workspaceId, kind, holding);
  const key = listKey(workspaceId, kind);
  let lists = byKind.get(key);
  if (!lists) {
    lists = new Map();
    byKind.set(key, lists);
  }
  const filter = holding ?? '';
  let list = lists.get(filter);
  if (!list) {
    const kept = lists;
    list = listObjects(db, workspaceId, kind, holding);
    kept.set(filter, list);
    // A failed read is not kept.
    list.catch(() => kept.delete(filter));
  }
  return list as Promise<StoredObject<K>[]>;
}

/** Id, summary name and revision of each object of a kind, in id order, without reading definitions. */
export function listObjectSummaries(
  db: Db,
  workspaceId: number,
  kind: ManagementCollection,
): Promise<Array<{ id: number; name: string; revision: string }>> {
  return db
    .selectFrom('objects')
    .select(['id', 'name', 'revision'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

export async function deleteObject(db: Db, object: StoredObject): Promise<boolean> {
  forgetListed(db, object.workspaceId, object.kind);
  const result = await db
    .deleteFrom('objects')
    .where('id', '=', object.id)
    .where('version', '=', object.version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
