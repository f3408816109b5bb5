import { accessKeyMapping } from '../src/mappings/access-keys';
import { accountMapping } from '../src/mappings/accounts';
import { dimensionMapping } from '../src/mappings/dimensions';
import { type DocumentEntry, type DocumentMapping, documentColumns } from '../src/mappings/document';
import { type Entry, mappedColumns, type ResourceMapping } from '../src/mappings/mapping';
import { measureMapping } from '../src/mappings/measures';
import { memberGroupMapping } from '../src/mappings/member-groups';
import { memberMapping } from '../src/mappings/members';
import { modelPermissionMapping, rowRuleMapping } from '../src/mappings/permissions';
import { timeSeriesMapping } from '../src/mappings/time-series';
import { workspaceMapping } from '../src/mappings/workspaces';

/**
 * The mappings held to a migrated database (test/mapped-columns.test.ts): every mapped column is
 * one the migrations create, with its type, and every stored column is mapped or listed as
 * server-only. Test code, beside src/: nothing the package builds imports it.
 */

export type AnyResourceMapping = ResourceMapping<never, Record<string, Entry<never>>>;

/** Every mapping of a stored resource whose fields live in columns of their own. */
export const storedResourceMappings: readonly AnyResourceMapping[] = [
  accountMapping,
  workspaceMapping,
  memberGroupMapping,
  memberMapping,
  accessKeyMapping,
] as unknown as readonly AnyResourceMapping[];

export type AnyDocumentMapping = DocumentMapping<never, Record<string, DocumentEntry<never>>>;

/** Every mapping of a resource stored as a JSON document: only the columns holding it can be checked. */
export const storedDocumentMappings: readonly AnyDocumentMapping[] = [
  timeSeriesMapping,
  dimensionMapping,
  measureMapping,
  rowRuleMapping,
  modelPermissionMapping,
] as unknown as readonly AnyDocumentMapping[];

/**
 * The columns a document mapping names that a migrated database lacks, one readable line each.
 * `columnsOf` gives a table's columns (name -> stored type), as for columnProblems.
 */
export async function documentColumnProblems(
  mapping: AnyDocumentMapping,
  columnsOf: (table: string) => Promise<Readonly<Record<string, string>>>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const { table, column } of documentColumns(mapping)) {
    if ((await columnsOf(table))[column] === undefined) {
      problems.push(`${table}.${column} holds the ${mapping.name} mapping but no migration creates it`);
    }
  }
  return problems;
}

/**
 * What does not agree between a mapping and the columns a migrated database has (name -> stored
 * type, `integer`/`text` with ` null` when nullable), one readable line each; none when they agree.
 */
export function columnProblems(
  mapping: AnyResourceMapping,
  actual: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const named = mappedColumns(mapping);
  const declared = Object.keys(mapping.columns);
  for (const column of [...new Set([...named, ...declared])].sort()) {
    const type = actual[column];
    if (type === undefined) problems.push(`${mapping.table}.${column} is mapped but no migration creates it`);
    else if (mapping.columns[column] !== type) {
      problems.push(
        `${mapping.table}.${column} is ${type} in the database, ${mapping.columns[column]} in the mapping`,
      );
    }
  }
  for (const column of Object.keys(actual).sort()) {
    if (!named.includes(column)) {
      problems.push(`${mapping.table}.${column} is stored but neither mapped nor listed as server-only`);
    }
  }
  return problems;
}
