import type { RowPermissionMode } from '@wsadmin/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { changesOf, readFields, toRow } from '../mappings/mapping';
import { memberGroupMapping, memberGroupRowDefaults } from '../mappings/member-groups';
import type { StoredModelPermission, StoredRowRule } from '../mappings/permissions';
import type { MemberGroupTable, Schema } from '../storage/schema';

type Db = Kysely<Schema>;

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

const GROUP_FIELDS = [
  'id',
  'name',
  'enableRowPermission',
  'rowPermissionMode',
  'rowPermission',
  'enableModelPermission',
  'modelPermission',
] as const;

function toMemberGroup(row: Selectable<MemberGroupTable>): MemberGroup {
  const fields = readFields(memberGroupMapping, GROUP_FIELDS, row) as Omit<MemberGroup, 'workspaceId'>;
  return { ...fields, workspaceId: row.workspace_id };
}

/** Creates a group with every permission off; undefined when the name is taken (unique per workspace). */
export async function insertMemberGroup(
  db: Db,
  workspaceId: number,
  name: string,
): Promise<MemberGroup | undefined> {
  const row = await db
    .insertInto('member_groups')
    .values(toRow(memberGroupMapping, { name }, memberGroupRowDefaults(workspaceId)))
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
  const set = changesOf(memberGroupMapping, changes);
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
