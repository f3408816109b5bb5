// What a test changed, grouped by object: for a failed test's report. Neutral code.
import type { MockTableRow, MockTables } from '../inspect/tables';
import { MOCK_TABLE_NAMES } from '../inspect/tables';
import type { MockChange, MockRequest } from '../journal/types';

/** One object's changes netted: created then updated is created with its last row, and so on. */
export interface NetChange {
  readonly kind: string;
  readonly id: string | number;
  readonly action: 'created' | 'updated' | 'deleted' | 'created and deleted';
  readonly before: Readonly<Record<string, unknown>> | undefined;
  readonly after: Readonly<Record<string, unknown>> | undefined;
  /** The requests that made them (`#2 createWorkspace`); empty for a diff of tables. */
  readonly by: readonly string[];
}

/** The changes of the journal's entries by object (kind and id), in the order each was first touched. */
export function netChanges(requests: readonly MockRequest[]): NetChange[] {
  const byObject = new Map<string, { first: MockChange; last: MockChange; by: string[] }>();
  for (const entry of requests) {
    const source = `#${entry.seq} ${entry.operationId ?? entry.path}`;
    for (const change of entry.changes) {
      const key = `${change.kind}\u0000${change.table}\u0000${change.id}`;
      const seen = byObject.get(key);
      if (!seen) byObject.set(key, { first: change, last: change, by: [source] });
      else {
        seen.last = change;
        if (seen.by.at(-1) !== source) seen.by.push(source);
      }
    }
  }
  return [...byObject.values()].map(({ first, last, by }) => ({
    kind: first.kind,
    id: first.id,
    action: netAction(first.action, last.action),
    before: first.action === 'created' ? undefined : first.before,
    after: last.action === 'deleted' ? undefined : last.after,
    by,
  }));
}

function netAction(first: MockChange['action'], last: MockChange['action']): NetChange['action'] {
  if (first === 'created') return last === 'deleted' ? 'created and deleted' : 'created';
  return last === 'deleted' ? 'deleted' : 'updated';
}

/** Key columns of the tables `readTables` reads. */
const TABLE_KEYS: { readonly [N in keyof MockTables]: readonly string[] } = {
  workspaces: ['id'],
  dimensions: ['id'],
  measures: ['id'],
  timeSeries: ['id'],
  memberGroups: ['id'],
  members: ['workspace_id', 'account_uid'],
  accounts: ['uid'],
};

/** The kind each table's rows are, as the journal names them. */
const TABLE_KINDS: { readonly [N in keyof MockTables]: string } = {
  workspaces: 'workspace',
  dimensions: 'dimension',
  measures: 'measure',
  timeSeries: 'timeSeries',
  memberGroups: 'memberGroup',
  members: 'member',
  accounts: 'account',
};

/** What differs between two readings of the tables (the seed's and now), row by row. */
export function diffTables(seed: MockTables, now: MockTables): NetChange[] {
  const changes: NetChange[] = [];
  for (const name of MOCK_TABLE_NAMES) {
    const keyOf = (row: MockTableRow) => TABLE_KEYS[name].map((column) => String(row[column])).join('/');
    const before = new Map(seed[name].map((row) => [keyOf(row), row]));
    const after = new Map(now[name].map((row) => [keyOf(row), row]));
    const base = { kind: TABLE_KINDS[name], by: [] };
    for (const [id, row] of before) {
      const next = after.get(id);
      if (!next) changes.push({ ...base, id, action: 'deleted', before: row, after: undefined });
      else if (JSON.stringify(next) !== JSON.stringify(row))
        changes.push({ ...base, id, action: 'updated', before: row, after: next });
    }
    for (const [id, row] of after)
      if (!before.has(id)) changes.push({ ...base, id, action: 'created', before: undefined, after: row });
  }
  return changes;
}

/**
 * The changes as text, one block per object: `workspace 3 created by #2 createWorkspace`, then the
 * row created or deleted, or each column updated (`name: "Demo" → "Renamed"`).
 */
export function changesText(changes: readonly NetChange[], heading: string): string {
  const lines = [heading];
  if (changes.length === 0) lines.push('(no changes)');
  for (const change of changes) {
    const by = change.by.length > 0 ? ` by ${change.by.join(', ')}` : '';
    lines.push('', `${change.kind} ${change.id} ${change.action}${by}`);
    if (change.action === 'updated') {
      for (const column of changedColumns(change.before, change.after))
        lines.push(`  ${column}: ${show(change.before?.[column])} → ${show(change.after?.[column])}`);
    } else {
      const row = change.after ?? change.before;
      if (row) lines.push(`  ${JSON.stringify(row)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function changedColumns(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
): string[] {
  const columns = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...columns].filter((column) => show(before?.[column]) !== show(after?.[column]));
}

function show(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}
