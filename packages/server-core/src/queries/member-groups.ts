import type { ModelPermission, RowPermissionMode, RowPermissionRule } from '@wsadmin/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { MemberGroupTable, Schema } from '../storage/schema';

type Db = Kysely<Schema>;

/** A row rule as stored: the answer without its label, which is derived when it is read. */
export type StoredRowRule = Omit<z.output<typeof RowPermissionRule>, 'resourceLabel'>;
export type StoredModelPermission = z.output<typeof ModelPermission>;

/** "Deny nothing": a group or member restricts no model until a permission is set. */
export const NEUTRAL_MODEL_PERMISSION: StoredModelPermission = { effect: 'deny', resource: [] };

export interface MemberGroup {
  id: number;
  workspaceId: number;
  name: string;
  enableRowPermission: boolean;
  rowPermissionMode: z.output<typeof RowPermissionMode>;
  rowPermission: StoredRowRule[];
  enableModelPermission: boolean;
  modelPermission: StoredModelPermission;
}

export type MemberGroupChanges = Partial<
  Pick<
    MemberGroup,
    | 'enableRowPermission'
    | 'rowPermissionMode'
    | 'rowPermission'
    | 'enableModelPermission'
    | 'modelPermission'
  >
>;

function toMemberGroup(row: Selectable<MemberGroupTable>): MemberGroup {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    enableRowPermission: row.enable_row_permission === 1,
    rowPermissionMode: row.row_permission_mode as MemberGroup['rowPermissionMode'],
    rowPermission: JSON.parse(row.row_permission) as StoredRowRule[],
    enableModelPermission: row.enable_model_permission === 1,
    modelPermission: JSON.parse(row.model_permission) as StoredModelPermission,
  };
}

const bool = (value: boolean) => (value ? 1 : 0);

/** Creates a group with every permission off; undefined when the name is taken (unique per workspace). */
export async function insertMemberGroup(
  db: Db,
  workspaceId: number,
  name: string,
): Promise<MemberGroup | undefined> {
  const row = await db
    .insertInto('member_groups')
    .values({
      workspace_id: workspaceId,
      name,
      enable_row_permission: 0,
      row_permission_mode: 1,
      row_permission: '[]',
      enable_model_permission: 0,
      model_permission: JSON.stringify(NEUTRAL_MODEL_PERMISSION),
    })
    // A concurrent create of the same name loses here instead of failing on the unique index.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toMemberGroup(row);
}

export async function findMemberGroup(
  db: Db,
  workspaceId: number,
  id: number,
): Promise<MemberGroup | undefined> {
  const row = await db
    .selectFrom('member_groups')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toMemberGroup(row);
}

export async function findMemberGroupByName(
  db: Db,
  workspaceId: number,
  name: string,
): Promise<MemberGroup | undefined> {
  const row = await db
    .selectFrom('member_groups')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && toMemberGroup(row);
}

export async function listMemberGroups(db: Db, workspaceId: number): Promise<MemberGroup[]> {
  const rows = await db
    .selectFrom('member_groups')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map(toMemberGroup);
}

export async function updateMemberGroup(
  db: Db,
  group: MemberGroup,
  changes: MemberGroupChanges,
): Promise<MemberGroup> {
  const set: Updateable<MemberGroupTable> = {
    ...(changes.enableRowPermission !== undefined && {
      enable_row_permission: bool(changes.enableRowPermission),
    }),
    ...(changes.rowPermissionMode !== undefined && { row_permission_mode: changes.rowPermissionMode }),
    ...(changes.rowPermission !== undefined && { row_permission: JSON.stringify(changes.rowPermission) }),
    ...(changes.enableModelPermission !== undefined && {
      enable_model_permission: bool(changes.enableModelPermission),
    }),
    ...(changes.modelPermission !== undefined && {
      model_permission: JSON.stringify(changes.modelPermission),
    }),
  };
  const row = await db
    .updateTable('member_groups')
    .set(set)
    .where('id', '=', group.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMemberGroup(row);
}

/** Returns how many rows were deleted; memberships of the group go with it (foreign key cascade). */
export async function deleteMemberGroup(db: Db, workspaceId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('member_groups')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
