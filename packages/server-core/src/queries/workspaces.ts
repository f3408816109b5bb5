import { type WorkspaceCreate, type WorkspaceEdit, workspaceDefaults } from '@wsadmin/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { preparedSelect } from '../storage/quick-reads';
import type { Schema, WorkspaceTable } from '../storage/schema';
import { RowsWhileUnchanged } from '../storage/unchanged-rows';
import { anyColumnContains } from './text-search';

export type WorkspaceRow = Selectable<WorkspaceTable>;
type Db = Kysely<Schema>;

const bool = (value: boolean) => (value ? 1 : 0);

export async function insertWorkspace(
  db: Db,
  input: z.output<typeof WorkspaceCreate>,
  now: Date,
): Promise<WorkspaceRow> {
  const d = workspaceDefaults;
  const stamp = now.toISOString();
  const row = await db
    .insertInto('workspaces')
    .values({
      name: input.name ?? '',
      description: input.desc ?? d.desc,
      adapter: input.adapter ?? d.adapter,
      hide_titles: bool(input.hc1 ?? input.hcl ?? d.hcl),
      auto_add_member: bool(input.auto_add_member ?? d.auto_add_member),
      date_offset: input.date_offset ?? d.date_offset,
      dt: bool(input.dt ?? d.dt),
      enable_dt: bool(input.enable_dt ?? d.enable_dt),
      ddya: bool(input.ddya ?? d.ddya),
      enable_ddya: bool(input.enable_ddya ?? d.enable_ddya),
      ddra: bool(input.ddra ?? d.ddra),
      enable_ddra: bool(input.enable_ddra ?? d.enable_ddra),
      break_point_display_type: input.breakPointDisplayType ?? d.breakPointDisplayType,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
  const hideTitles = edit.hcl ?? edit.hc1;
  return db
    .updateTable('workspaces')
    .set({
      ...(edit.name !== undefined && { name: edit.name }),
      ...(edit.desc !== undefined && { description: edit.desc }),
      ...(edit.adapter !== undefined && { adapter: edit.adapter }),
      ...(hideTitles !== undefined && { hide_titles: bool(hideTitles) }),
      ...(edit.auto_add_member !== undefined && { auto_add_member: bool(edit.auto_add_member) }),
      ...(edit.date_offset !== undefined && { date_offset: edit.date_offset }),
      ...(edit.dt !== undefined && { dt: bool(edit.dt) }),
      ...(edit.enable_dt !== undefined && { enable_dt: bool(edit.enable_dt) }),
      ...(edit.ddya !== undefined && { ddya: bool(edit.ddya) }),
      ...(edit.enable_ddya !== undefined && { enable_ddya: bool(edit.enable_ddya) }),
      ...(edit.ddra !== undefined && { ddra: bool(edit.ddra) }),
      ...(edit.enable_ddra !== undefined && { enable_ddra: bool(edit.enable_ddra) }),
      ...(edit.breakPointDisplayType !== undefined && {
        break_point_display_type: edit.breakPointDisplayType,
      }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// The hot read of `GET /workspaces/{id}/` and of every check that a workspace exists.
const workspacesById = preparedSelect((db: Db, id: number) =>
  db.selectFrom('workspaces').selectAll().where('id', '=', id),
);

const workspaceRows = new RowsWhileUnchanged<WorkspaceRow>();

export function findWorkspace(db: Db, id: number): Promise<WorkspaceRow | undefined> {
  return workspaceRows.get(db, String(id), async () => (await workspacesById(db, id))[0]);
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
