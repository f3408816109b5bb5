import type { Dialect, Schema } from '@wsadmin/server-core';
import { CompiledQuery, type Kysely, sql } from 'kysely';

/** A statement allowed to read a whole table, and why it must. */
export interface AllowedScan {
  /** Matches the statement's SQL text. */
  statement: RegExp;
  table: string;
  reason: string;
}

/** A statement whose plan reads every row (or every index entry) of a table that grows. */
export interface FullScan {
  sql: string;
  parameters: readonly unknown[];
  tables: string[];
  plan: string;
}

export interface PlanCheck {
  /** How many statements were explained (the others are not queries: begin, pragma, DDL...). */
  explained: number;
  scans: FullScan[];
  /** Allow-list entries some statement needed: an entry never used is stale. */
  used: Set<AllowedScan>;
}

// Statements with a query plan; transactions, savepoints, pragmas and DDL have none to check.
const QUERY = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Explains each statement with its parameters (SQLite: EXPLAIN QUERY PLAN, PostgreSQL: EXPLAIN)
 * and returns those that read a whole table that grows (every table but schema_migrations),
 * minus the allowed ones. A plan that cannot be explained counts as a scan: it cannot be shown not
 * to be one.
 */
export async function findFullScans(
  db: Kysely<Schema>,
  dialect: Dialect,
  statements: ReadonlyMap<string, readonly unknown[]>,
  allowed: readonly AllowedScan[],
): Promise<PlanCheck> {
  const growing = await growingTables(db, dialect);
  const check: PlanCheck = { explained: 0, scans: [], used: new Set() };
  for (const [text, parameters] of statements) {
    if (!QUERY.test(text)) continue;
    check.explained++;
    let found: { tables: string[]; plan: string };
    try {
      found =
        dialect === 'postgres'
          ? await postgresScans(db, text, parameters)
          : await sqliteScans(db, text, parameters);
    } catch (error) {
      found = { tables: ['(not explained)'], plan: (error as Error).message };
    }
    const tables = found.tables.filter((table) => {
      if (table !== '(not explained)' && !growing.has(table)) return false;
      const allowance = allowed.find((entry) => entry.table === table && entry.statement.test(text));
      if (allowance) check.used.add(allowance);
      return !allowance;
    });
    if (tables.length > 0) check.scans.push({ sql: text, parameters, tables, plan: found.plan });
  }
  return check;
}

/** One readable line per scan: the statement, its parameters and its plan. */
export function describeScans(scans: readonly FullScan[]): string {
  return scans
    .map(
      (scan) =>
        `full scan of ${scan.tables.join(', ')}:\n  ${scan.sql}\n  parameters: ${JSON.stringify(scan.parameters)}\n  plan:\n    ${scan.plan.replaceAll('\n', '\n    ')}`,
    )
    .join('\n\n');
}

async function growingTables(db: Kysely<Schema>, dialect: Dialect): Promise<Set<string>> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return new Set(rows.map((row) => row.name).filter((name) => name !== 'schema_migrations'));
}

async function sqliteScans(db: Kysely<Schema>, text: string, parameters: readonly unknown[]) {
  const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  const aliases = tableAliases(text);
  const tables = rows.flatMap((row) => {
    // "SCAN <table or alias> [USING [COVERING] INDEX i]": every row or index entry. A virtual
    // table (the FTS5 search index) is read through its own index even when it says SCAN.
    const scanned = /^SCAN (\S+)/.exec(row.detail)?.[1];
    if (!scanned || row.detail.includes('VIRTUAL TABLE')) return [];
    return [aliases.get(scanned) ?? scanned];
  });
  const depth = new Map<number, number>();
  const plan = rows
    .map((row) => {
      const level = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level)}${row.detail}`;
    })
    .join('\n');
  return { tables, plan };
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PostgresPlanNode[];
}

async function postgresScans(db: Kysely<Schema>, text: string, parameters: readonly unknown[]) {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PostgresPlanNode }> }>(
    CompiledQuery.raw(`explain (format json) ${text}`, [...parameters]),
  );
  const tables: string[] = [];
  const lines: string[] = [];
  const walk = (node: PostgresPlanNode, level: number) => {
    const relation = node['Relation Name'];
    const type = node['Node Type'];
    // An index scan without a condition reads the whole index (an ORDER BY served by it).
    const wholeIndex = (type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'];
    if (relation && (type === 'Seq Scan' || wholeIndex)) tables.push(relation);
    const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const condition = node['Index Cond'] ? ` (${node['Index Cond']})` : '';
    lines.push(`${'  '.repeat(level)}${type}${relation ? ` on ${relation}` : ''}${index}${condition}`);
    for (const child of node.Plans ?? []) walk(child, level + 1);
  };
  for (const row of rows) for (const entry of row['QUERY PLAN']) walk(entry.Plan, 0);
  return { tables, plan: lines.join('\n') };
}

const NOT_ALIASES = new Set([
  'where',
  'inner',
  'left',
  'cross',
  'join',
  'on',
  'order',
  'group',
  'limit',
  'set',
  'values',
  'select',
  'union',
  'returning',
  'default',
]);

/** alias -> table of `from t as a`, `join t a`, ...: SQLite's plans name a table by its alias. */
export function tableAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const pattern = /\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi;
  for (const match of text.matchAll(pattern)) {
    const [, table, alias] = match;
    if (table && alias && !NOT_ALIASES.has(alias.toLowerCase())) aliases.set(alias, table);
  }
  return aliases;
}
