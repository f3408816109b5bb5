import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AccountWorkspaceRow } from '../mappings/accounts';
import type { AccountTable, Schema } from '../storage/schema';
import type { Storage } from '../storage/storage';
import { accountMatches, type SearchPlan, searchPlan } from './account-search';

export type AccountRow = Selectable<AccountTable>;
type Db = Kysely<Schema>;

/** The columns that identify an account and must be unique (phone and e-mail only when not empty). */
export type UniqueField = 'uid' | 'username' | 'phone' | 'email';

export async function insertAccount(db: Db, values: Insertable<AccountTable>): Promise<AccountRow> {
  return db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAccount(
  db: Db,
  uid: string,
  changes: Updateable<AccountTable>,
): Promise<AccountRow | undefined> {
  return db.updateTable('accounts').set(changes).where('uid', '=', uid).returningAll().executeTakeFirst();
}

export function findAccount(db: Db, uid: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/**
 * Phone and e-mail are unique only when not empty (partial indexes `accounts_phone` and
 * `accounts_email`, `where phone <> ''`). A planner uses a partial index only for a condition that
 * implies the index's own: `phone = ?` alone does not (the parameter could be ''), so it read the
 * whole table, twice per account of a batch. Every lookup by phone or e-mail repeats the condition
 * (query-plans.test.ts holds the statements to it).
 */
const PARTIAL: ReadonlySet<UniqueField> = new Set(['phone', 'email']);

type AccountQuery = ReturnType<typeof selectAccounts>;
const selectAccounts = (db: Db) => db.selectFrom('accounts');

/** `query` narrowed to rows whose `field` equals `value`, in a form the field's unique index serves. */
function whereUnique<Q extends AccountQuery>(query: Q, field: UniqueField, value: string): Q {
  const narrowed = query.where(field, '=', value) as Q;
  return PARTIAL.has(field) ? (narrowed.where(field, '<>', '') as Q) : narrowed;
}

/**
 * Whether another account (not `selfUid`) already holds `value` in a unique column. An empty
 * phone or e-mail is never taken.
 */
export async function isTaken(db: Db, field: UniqueField, value: string, selfUid?: string): Promise<boolean> {
  let query = whereUnique(selectAccounts(db), field, value);
  if (selfUid !== undefined) query = query.where('uid', '!=', selfUid);
  return (await query.select('uid').executeTakeFirst()) !== undefined;
}

/**
 * Accounts in creation order (uid breaks ties); `q` searches the five searchable texts
 * (account-search.ts). `plan` forces one search plan (tests compare them); default: the best one.
 */
export async function listAccounts(
  storage: Storage,
  q: string | undefined,
  plan?: SearchPlan,
): Promise<AccountRow[]> {
  let query = storage.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('uid');
  const text = q?.trim();
  if (text) {
    const chosen = plan ?? (await searchPlan(storage, text));
    query = query.where((eb) => accountMatches(eb, text, chosen));
  }
  return query.execute();
}

/**
 * The account whose login name, else phone, else e-mail equals `identifier` exactly: one indexed
 * lookup per field, in that order (one OR over the three columns cannot use their indexes). An
 * empty identifier matches no phone or e-mail.
 */
export async function fetchAccount(db: Db, identifier: string): Promise<AccountRow | undefined> {
  for (const field of ['username', 'phone', 'email'] as const) {
    const row = await whereUnique(selectAccounts(db), field, identifier).selectAll().executeTakeFirst();
    if (row) return row;
  }
  return undefined;
}

/** Returns how many rows were deleted; memberships go with the account (foreign keys cascade). */
export async function deleteAccount(db: Db, uid: string): Promise<number> {
  const result = await db.deleteFrom('accounts').where('uid', '=', uid).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type { AccountWorkspaceRow };

/**
 * The workspaces where `uid` is a member, in workspace id order, with the workspace owner (at most
 * one: index members_one_owner). `workspaceIds` null = every workspace.
 */
export function listAccountWorkspaces(
  db: Db,
  uid: string,
  options: { role?: number | undefined; workspaceIds: number[] | null; offset: number; limit: number },
): Promise<AccountWorkspaceRow[]> {
  if (options.workspaceIds?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .leftJoin('members as om', (join) => join.onRef('om.workspace_id', '=', 'w.id').on('om.role', '=', 1))
    .leftJoin('accounts as o', 'o.uid', 'om.account_uid')
    .select([
      'w.id',
      'w.name',
      'w.description',
      'm.role',
      'o.uid as owner_uid',
      'o.email as owner_email',
      'o.nickname as owner_nickname',
      'o.description as owner_description',
      'o.status as owner_status',
    ])
    .where('m.account_uid', '=', uid);
  if (options.role !== undefined) query = query.where('m.role', '=', options.role);
  if (options.workspaceIds !== null) query = query.where('w.id', 'in', options.workspaceIds);
  return query.orderBy('w.id').limit(options.limit).offset(options.offset).execute();
}

/**
 * The unique field a database error reports as violated, or undefined for any other error. Two
 * concurrent creates can both pass the check before insert; the constraint then decides. Reads
 * SQLite's "UNIQUE constraint failed: accounts.<column>" and PostgreSQL's 23505 constraint names.
 */
export function violatedUniqueField(error: unknown): UniqueField | undefined {
  if (!(error instanceof Error)) return undefined;
  const sqlite = /UNIQUE constraint failed: accounts\.(\w+)/.exec(error.message)?.[1];
  const postgres =
    (error as { code?: unknown }).code === '23505'
      ? String((error as { constraint?: unknown }).constraint ?? '')
      : undefined;
  const column =
    sqlite ??
    (postgres === 'accounts_pkey' ? 'uid' : postgres?.replace(/^accounts_/, '').replace(/_key$/, ''));
  return column === 'uid' || column === 'username' || column === 'phone' || column === 'email'
    ? column
    : undefined;
}
