import { type ManagementCollection, managementKinds } from '@wsadmin/contract';
import type { Schema } from '@wsadmin/server-core';

/**
 * The kind of object each stored table holds. Typed against the server's `Schema`, so a table
 * added there without a kind fails the type check (and `kinds.test.ts` compares the tables of a
 * real database). `objects` holds every management kind: its rows take theirs from their `kind`.
 */
const TABLE_KINDS = {
  schema_migrations: 'migration',
  access_keys: 'key',
  workspaces: 'workspace',
  objects: 'managementObject',
  member_groups: 'memberGroup',
  members: 'member',
  member_group_members: 'memberGroupMember',
  accounts: 'account',
  plan_tokens: 'planToken',
  idempotency_records: 'idempotencyRecord',
  operations: 'operation',
  refresh_tasks: 'refreshTask',
  task_operations: 'taskOperation',
  sources: 'source',
} as const satisfies { readonly [T in keyof Schema]: string };

type SchemaNameOf<C extends ManagementCollection> = (typeof managementKinds)[C]['schemaName'];

/** A management object's kind: its contract schema's name, e.g. `dimension`, `timeSeries`. */
export type ManagementObjectKind = Uncapitalize<SchemaNameOf<ManagementCollection>>;

/** What a changed row is: a workspace, a dimension, an account, a key... */
export type MockChangeKind = (typeof TABLE_KINDS)[keyof typeof TABLE_KINDS] | ManagementObjectKind;

/** The tables with a kind (the journal's test compares them with a database's). */
export const KIND_TABLES: readonly string[] = Object.keys(TABLE_KINDS);

/** The kind of a row of `table`; a table unknown to this version is named by itself. */
export function kindOf(table: string, row: Readonly<Record<string, unknown>>): MockChangeKind {
  if (table === 'objects') {
    const collection = row.kind;
    const kind =
      typeof collection === 'string' && Object.hasOwn(managementKinds, collection)
        ? managementKinds[collection as ManagementCollection]
        : undefined;
    if (kind) return uncapitalize(kind.schemaName) as ManagementObjectKind;
  }
  return Object.hasOwn(TABLE_KINDS, table)
    ? TABLE_KINDS[table as keyof typeof TABLE_KINDS]
    : (table as MockChangeKind);
}

function uncapitalize(name: string): string {
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}
