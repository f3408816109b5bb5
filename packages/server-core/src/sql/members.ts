import type { MemberRole } from '@wsadmin/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { notFound } from '../errors';
import { changesOf, readFields } from '../mappings/mapping';
import { memberMapping } from '../mappings/members';
import { modelPermissionDefaults, type StoredModelPermission } from '../mappings/permissions';
import type { MemberTable, Schema } from '../storage/schema';

type Db = Kysely<Schema>;

export const OWNER_ROLE = 1;

export interface Member {
  workspaceId: number;
  uid: string;
  role: z.output<typeof MemberRole>;
  memberGroupIds: number[];
  enableModelPermission: boolean;
  modelPermission: StoredModelPermission;
}

export type MemberChanges = Partial<Pick<Member, 'enableModelPermission' | 'modelPermission'>>;

const MEMBER_FIELDS = ['uid', 'role', 'enableModelPermission', 'modelPermission'] as const;

function toMember(row: Selectable<MemberTable>, memberGroupIds: number[]): Member {
  const fields = readFields(memberMapping, MEMBER_FIELDS, row) as Omit<
    Member,
    'workspaceId' | 'memberGroupIds'
  >;
  return { workspaceId: row.workspace_id, ...fields, memberGroupIds };
}

/** Group ids of members of a workspace, by account uid, each list in id order. */
async function groupIdsByMember(db: Db, workspaceId: number, uid?: string): Promise<Map<string, number[]>> {
  let query = db
    .selectFrom('member_group_members')
    .select(['account_uid', 'group_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('group_id');
  if (uid !== undefined) query = query.where('account_uid', '=', uid);
  const byMember = new Map<string, number[]>();
  for (const row of await query.execute()) {
    const ids = byMember.get(row.account_uid) ?? [];
    ids.push(row.group_id);
    byMember.set(row.account_uid, ids);
  }
  return byMember;
}

export async function accountExists(db: Db, uid: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('uid').where('uid', '=', uid).executeTakeFirst();
  return row !== undefined;
}

export async function findMember(db: Db, workspaceId: number, uid: string): Promise<Member | undefined> {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('account_uid', '=', uid)
    .executeTakeFirst();
  if (!row) return undefined;
  return toMember(row, (await groupIdsByMember(db, workspaceId, uid)).get(uid) ?? []);
}

/** The owner's uid, if the workspace has one. */
export async function findOwnerUid(db: Db, workspaceId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select('account_uid')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', OWNER_ROLE)
    .executeTakeFirst();
  return row?.account_uid;
}

/** Members in the order they were added (uid breaks ties of the same instant). */
export async function listMembers(db: Db, workspaceId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('account_uid')
    .execute();
  const groups = await groupIdsByMember(db, workspaceId);
  return rows.map((row) => toMember(row, groups.get(row.account_uid) ?? []));
}

/**
 * Adds an account (which must exist) to the workspace and to the given groups (which must be the
 * workspace's). Undefined when the account is already a member, or when it would be a second owner.
 */
/** PostgreSQL: the account was deleted after the caller checked it exists (SQLite has one writer). */
export function isMissingAccount(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23503' && constraint === 'members_account_uid_fkey';
}

export async function insertMember(
  db: Db,
  input: { workspaceId: number; uid: string; role: Member['role']; memberGroupIds: readonly number[] },
  now: Date,
): Promise<Member | undefined> {
  const row = await db
    .insertInto('members')
    .values({
      workspace_id: input.workspaceId,
      // Group ids are rows of member_group_members, inserted below.
      ...changesOf(memberMapping, { uid: input.uid, role: input.role }),
      ...modelPermissionDefaults(),
      created_at: now.toISOString(),
    } as Insertable<MemberTable>)
    // The primary key and the one-owner index (members_one_owner) make a concurrent duplicate lose here.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const groupIds = [...new Set(input.memberGroupIds)].sort((a, b) => a - b);
  if (groupIds.length > 0) {
    await db
      .insertInto('member_group_members')
      .values(
        groupIds.map((id) => ({ group_id: id, workspace_id: input.workspaceId, account_uid: input.uid })),
      )
      .execute();
  }
  return toMember(row, groupIds);
}

export async function updateMember(db: Db, member: Member, changes: MemberChanges): Promise<Member> {
  const set = changesOf(memberMapping, changes);
  const row = await db
    .updateTable('members')
    .set(set)
    .where('workspace_id', '=', member.workspaceId)
    .where('account_uid', '=', member.uid)
    .returningAll()
    .executeTakeFirst();
  // Gone since it was read: its account was deleted meanwhile (accounts are not locked by workspace).
  if (!row) throw notFound(`member ${member.uid} in workspace ${member.workspaceId}`);
  return toMember(row, member.memberGroupIds);
}

/** Returns how many rows were deleted; the member's group memberships go with it (foreign key cascade). */
export async function deleteMember(db: Db, workspaceId: number, uid: string): Promise<number> {
  const result = await db
    .deleteFrom('members')
    .where('workspace_id', '=', workspaceId)
    .where('account_uid', '=', uid)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
