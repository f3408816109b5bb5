import type { WorkspaceCreate, WorkspaceEdit } from '@wsadmin/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { changesOf, toRow } from '../mappings/mapping';
import { oneTitleSwitch, workspaceMapping, workspaceRowDefaults } from '../mappings/workspaces';
import { preparedSelect } from '../storage/quick-reads';
import { RowsWhileUnchanged } from '../storage/row-cache';
import type { Schema, WorkspaceTable } from '../storage/schema';
import { isStorage, perStorage, type Reader } from '../storage/storage';
import { anyColumnContains } from './text-search';

export type WorkspaceRow = Selectable<WorkspaceTable>;
type Db = Kysely<Schema>;

export async function insertWorkspace(
  db: Db,
  input: z.output<typeof WorkspaceCreate>,
  now: Date,
): Promise<WorkspaceRow> {
  const values = toRow(
    workspaceMapping,
    oneTitleSwitch(input, 'hc1'),
    workspaceRowDefaults(now.toISOString()),
  );
  const row = await db.insertInto('workspaces').values(values).returningAll().executeTakeFirstOrThrow();
  if (input.name !== undefined) return row;
  // The default name carries the id, known only after the insert.
  return db
    .updateTable('workspaces')
    .set({ name: `Workspace ${row.id}` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWorkspace(
  db: Db,
  id: number,
  edit: Omit<z.output<typeof WorkspaceEdit>, 'id'>,
  now: Date,
): Promise<WorkspaceRow | undefined> {
  return db
    .updateTable('workspaces')
    .set({ ...changesOf(workspaceMapping, oneTitleSwitch(edit, 'hcl')), updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// The hot read of `GET /workspaces/{id}/` and of every check that a workspace exists.
const workspacesById = preparedSelect((db: Db, id: number) =>
  db.selectFrom('workspaces').selectAll().where('id', '=', id),
);

const workspaceRows = perStorage(() => new RowsWhileUnchanged<WorkspaceRow>());

/** Kept while the storage's change version stays (row-cache.ts); inside a transaction, read there. */
export async function findWorkspace(reader: Reader, id: number): Promise<WorkspaceRow | undefined> {
  const read = async () => (await workspacesById(reader, id))[0];
  return isStorage(reader) ? reader.own(workspaceRows).get(reader, String(id), read) : read();
}

/** Workspaces in id order; `ids` null = all; `q` filters name and description. */
export function listWorkspaces(
  db: Db,
  options: { q?: string | undefined; ids: number[] | null },
): Promise<WorkspaceRow[]> {
  let query = db.selectFrom('workspaces').selectAll().orderBy('id');
  if (options.ids !== null) {
    if (options.ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', options.ids);
  }
  const q = options.q?.trim();
  if (q) query = query.where((eb) => anyColumnContains(eb, ['name', 'description'], q));
  return query.execute();
}

/** Returns how many rows were deleted; objects, groups and members go with them (foreign keys cascade). */
export async function deleteWorkspace(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('workspaces').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
