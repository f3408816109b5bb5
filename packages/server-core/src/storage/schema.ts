import type { Generated } from 'kysely';
import type {
  AccessKeyTable,
  AccountTable,
  MemberGroupTable,
  MemberTable,
  WorkspaceTable,
} from './stored-tables.generated';

/** Rows of the tables that hold contract resources: generated from the migrations (`npm run generate`). */
export type { AccessKeyTable, AccountTable, MemberGroupTable, MemberTable, WorkspaceTable };

/**
 * Tables of the reference server. Booleans are stored as 0/1 integers and structured values as
 * JSON text in every dialect, so queries and handlers read the same values on SQLite and PostgreSQL.
 */
export interface Schema {
  schema_migrations: { version: number; name: string; applied_at: string };
  access_keys: AccessKeyTable;
  workspaces: WorkspaceTable;
  objects: ObjectTable;
  member_groups: MemberGroupTable;
  members: MemberTable;
  member_group_members: { group_id: number; workspace_id: number; account_uid: string };
  accounts: AccountTable;
  plan_tokens: PlanTokenTable;
  idempotency_records: IdempotencyTable;
  operations: OperationTable;
  refresh_tasks: RefreshTaskTable;
  task_operations: { task_uid: string; operation_id: string };
  sources: { workspace_id: number; table_name: string; fields: string };
}

/** A previewed change waiting for its commit. Only the token's hash is stored. */
export interface PlanTokenTable {
  token_hash: string;
  workspace_id: number;
  key_id: string;
  kind: string;
  action: string;
  /** null for a create. */
  target_id: number | null;
  /** SHA-256 of the canonical JSON of the previewed changes. */
  changes_hash: string;
  operator_uid: string | null;
  before_revision: string | null;
  expires_at: string;
  used_at: string | null;
}

/** One Idempotency-Key of one key in one workspace: the request it was first used with and its answer. */
export interface IdempotencyTable {
  key_id: string;
  workspace_id: number;
  idempotency_key: string;
  request_hash: string;
  /** `running` until the first request finishes, then `done` with its answer. */
  state: string;
  response: string | null;
  created_at: string;
  expires_at: string;
}

export interface OperationTable {
  id: string;
  workspace_id: number;
  key_id: string;
  kind: string;
  target_id: number;
  action: string;
  state: string;
  before_revision: string | null;
  after_revision: string | null;
  task_uid: string | null;
  task_result: string | null;
  probe: string | null;
  created_at: string;
  expires_at: string;
}

/** A debounced source-metadata refresh of a workspace. */
export interface RefreshTaskTable {
  uid: string;
  workspace_id: number;
  /** scheduled -> running -> done */
  state: string;
  run_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The runner (process) that claimed and ran it. */
  claimed_by: string | null;
}

/**
 * Every semantic object of a workspace: time series, dimensions and measures (reached through the
 * older endpoints and the management interface alike), dimension tables, models, corpus, SOPs, datasets.
 */
export interface ObjectTable {
  id: Generated<number>;
  workspace_id: number;
  /** Management collection name, e.g. `dimensions`. */
  kind: string;
  /** Server-assigned uid (models only). */
  uid: string | null;
  /** Summary name: keyword, name or title. */
  name: string;
  /** JSON of the definition. */
  definition: string;
  version: number;
  revision: string;
  created_at: string;
  updated_at: string;
}

/** SQL dialects the storage layer speaks. */
export type Dialect = 'sqlite' | 'postgres';
