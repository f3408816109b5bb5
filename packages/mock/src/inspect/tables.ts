// The mock's state as tables, for people looking at it: the window handle of a page
// (`window.__wsadminMock.tables()`) and the inspector page. Neutral code: no DOM, no Node.
import type { MemoryStorage } from '@wsadmin/server-core';

/** A stored row as read: column name to value; JSON columns parsed, secret columns `'[redacted]'`. */
export type MockTableRow = Readonly<Record<string, unknown>>;

/** The tables of `readTables`, in the order they are shown. */
export const MOCK_TABLE_NAMES = [
  'workspaces',
  'dimensions',
  'measures',
  'timeSeries',
  'memberGroups',
  'members',
  'accounts',
] as const;

export type MockTableName = (typeof MOCK_TABLE_NAMES)[number];

/** Every table of `MOCK_TABLE_NAMES`, its rows in key order. */
export type MockTables = { readonly [N in MockTableName]: readonly MockTableRow[] };

/** Where `readTables` finds the storage: a `WsadminMock`, or anything with its `storage()`. */
export interface TableSource {
  storage(): Promise<MemoryStorage>;
}

/** What a secret column shows instead of its value. */
const REDACTED = '[redacted]';
/** Columns never shown: an account's password hash (the keys' table is not read at all). */
const SECRET_COLUMNS: ReadonlySet<string> = new Set(['password_hash']);
/** Columns stored as JSON text (storage/schema.ts), shown parsed. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['definition', 'row_permission', 'model_permission']);
/** The management kinds (`objects.kind`) of the object tables shown. */
const OBJECT_KINDS = { dimensions: 'dimensions', measures: 'measures', timeSeries: 'time-series' } as const;

/**
 * The mock's state read straight from its storage (no request, nothing in the journal): the
 * workspaces, the dimensions, measures and time series of every workspace, member groups, members
 * and accounts, each row as stored, with JSON columns parsed and password hashes redacted. Waits
 * for the mock to open and seed its database.
 */
export async function readTables(mock: TableSource): Promise<MockTables> {
  const { db } = await mock.storage();
  const objects = (kind: string) =>
    db
      .selectFrom('objects')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('workspace_id')
      .orderBy('id')
      .execute();
  const [workspaces, dimensions, measures, timeSeries, memberGroups, members, accounts] = await Promise.all([
    db.selectFrom('workspaces').selectAll().orderBy('id').execute(),
    objects(OBJECT_KINDS.dimensions),
    objects(OBJECT_KINDS.measures),
    objects(OBJECT_KINDS.timeSeries),
    db.selectFrom('member_groups').selectAll().orderBy('workspace_id').orderBy('id').execute(),
    db.selectFrom('members').selectAll().orderBy('workspace_id').orderBy('account_uid').execute(),
    db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('uid').execute(),
  ]);
  return {
    workspaces: workspaces.map(shown),
    dimensions: dimensions.map(shown),
    measures: measures.map(shown),
    timeSeries: timeSeries.map(shown),
    memberGroups: memberGroups.map(shown),
    members: members.map(shown),
    accounts: accounts.map(shown),
  };
}

/** A row as people see it: JSON columns parsed, secrets replaced. */
function shown(row: object): MockTableRow {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(column)) out[column] = value === null ? null : REDACTED;
    else if (JSON_COLUMNS.has(column) && typeof value === 'string') out[column] = parsedOrText(value);
    else out[column] = value;
  }
  return out;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
