import type { Dialect, Schema } from '@wsadmin/server-core';
import { type Kysely, sql } from 'kysely';

/** Rows per table of the seeded database; accounts and objects are the large ones. */
export interface SeedSizes {
  accounts: number;
  objects: number;
  /** workspaces; members, groups, keys and the management tables scale from it. */
  workspaces: number;
}

export const REALISTIC_SIZES: SeedSizes = { accounts: 100_000, objects: 100_000, workspaces: 1_000 };

// Seeded ids start here, above whatever the scenarios created.
const BASE = 1_000_000;
const STAMP = `'2026-01-01T00:00:00.000Z'`;

/**
 * Fills every table that grows in use, set-based (one INSERT ... SELECT over a recursive counter per
 * table, the same SQL on SQLite and PostgreSQL), then refreshes the planner's statistics: the
 * planner then chooses as it would on a database of that size. A third of the accounts have no
 * phone and a third no e-mail, as the partial unique indexes expect.
 *
 * PostgreSQL is vacuumed as well, the state autovacuum keeps a live database in. Freshly inserted
 * rows wait in each GIN index's pending list (the account search's pg_trgm indexes), which every
 * index scan reads whole, and the indexes' statistics are only updated by VACUUM: unvacuumed, the
 * search's indexed plan was estimated at 4,300 against 5,600 for a parallel scan of the table, and
 * a fresh-clone run of the suite saw the scan chosen. Vacuumed it is 440, for any term of three
 * characters or more that the seeded rows do not hold.
 */
export async function seedForPlans(db: Kysely<Schema>, dialect: Dialect, sizes: SeedSizes): Promise<void> {
  const w = sizes.workspaces;
  const workspaceOf = (i: string) => `${BASE} + ${i} % ${w}`;
  const inserts: Array<[table: string, count: number, columns: string, values: string]> = [
    [
      'workspaces',
      w,
      'id, name, description, adapter, hide_titles, auto_add_member, date_offset, dt, enable_dt, ddya, enable_ddya, ddra, enable_ddra, break_point_display_type, created_at, updated_at',
      `${BASE} + i - 1, 'seed workspace ' || i, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ${STAMP}, ${STAMP}`,
    ],
    [
      'objects',
      sizes.objects,
      'workspace_id, kind, uid, name, definition, version, revision, created_at, updated_at',
      `${workspaceOf('i')}, case i % 4 when 0 then 'models' when 1 then 'dimensions' when 2 then 'measures' else 'time-series' end,
       case i % 4 when 0 then 'seed-model-' || i else null end, 'seed object ' || i, '{}', 1, 'r' || i, ${STAMP}, ${STAMP}`,
    ],
    [
      'accounts',
      sizes.accounts,
      'uid, status, username, phone, email, nickname, description, password_hash, role, tier, type, created_at, updated_at',
      `'seed-account-' || i, 1, 'seed.user' || i, case when i % 3 = 0 then '' else '+1999' || i end,
       case when i % 3 = 1 then '' else 'seed' || i || '@example.com' end, 'Seed ' || i, '', null, 0, i % 3, 0,
       ${STAMP} || i, ${STAMP}`,
    ],
    // Every account a member of one workspace; the first of each workspace its owner.
    [
      'members',
      sizes.accounts,
      'workspace_id, account_uid, role, enable_model_permission, model_permission, created_at',
      `${workspaceOf('i')}, 'seed-account-' || i, case when i <= ${w} then 1 else 3 end, 0, '{}', ${STAMP}`,
    ],
    [
      'member_groups',
      10 * w,
      'id, workspace_id, name, enable_row_permission, row_permission_mode, row_permission, enable_model_permission, model_permission',
      `${BASE} + i, ${workspaceOf('i')}, 'seed group ' || i, 0, 0, '[]', 0, '{}'`,
    ],
    // Account i is a member of workspace BASE + i % w, the workspace of group BASE + i.
    [
      'member_group_members',
      10 * w,
      'group_id, workspace_id, account_uid',
      `${BASE} + i, ${workspaceOf('i')}, 'seed-account-' || i`,
    ],
    [
      'access_keys',
      w,
      'id, name, description, secret_hash, auth_data_key, permissions, workspace_ids, expires_at, revoked_at, created_at',
      `'seed-key-' || i, 'seed key', '', 'seed-hash-' || i, 'k', '[]', null, null, null, ${STAMP}`,
    ],
    [
      'plan_tokens',
      10 * w,
      'token_hash, workspace_id, key_id, kind, action, target_id, changes_hash, operator_uid, before_revision, expires_at, used_at',
      `'seed-token-' || i, ${workspaceOf('i')}, 'seed-key-1', 'dimensions', 'create', null, 'h', null, null, ${STAMP}, null`,
    ],
    [
      'idempotency_records',
      10 * w,
      'key_id, workspace_id, idempotency_key, request_hash, state, response, created_at, expires_at',
      `'seed-key-' || (i % ${w}), ${workspaceOf('i')}, 'seed-' || i, 'h', 'done', '{}', ${STAMP}, ${STAMP}`,
    ],
    [
      'operations',
      10 * w,
      'id, workspace_id, key_id, kind, target_id, action, state, before_revision, after_revision, task_uid, task_result, probe, created_at, expires_at',
      `'seed-op-' || i, ${workspaceOf('i')}, 'seed-key-1', 'dimensions', i, 'create', 'done', null, null, null, null, null, ${STAMP}, ${STAMP}`,
    ],
    [
      'refresh_tasks',
      10 * w,
      'uid, workspace_id, state, run_at, started_at, finished_at, claimed_by',
      `'seed-task-' || i, ${workspaceOf('i')}, 'done', ${STAMP}, ${STAMP}, ${STAMP}, 'seed'`,
    ],
    ['task_operations', 10 * w, 'task_uid, operation_id', `'seed-task-' || i, 'seed-op-' || i`],
    ['sources', 10 * w, 'workspace_id, table_name, fields', `${workspaceOf('i')}, 'seed_table_' || i, '[]'`],
  ];
  await db.transaction().execute(async (trx) => {
    // The rows are consistent by construction; PostgreSQL skips checking each foreign key (as a
    // restore does; needs a superuser, which test databases have). Half the seeding time.
    if (dialect === 'postgres') await sql`set local session_replication_role = replica`.execute(trx);
    for (const [table, count, columns, values] of inserts) {
      await sql
        .raw(
          `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
           insert into ${table} (${columns}) select ${values} from n`,
        )
        .execute(trx);
    }
  });
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}
