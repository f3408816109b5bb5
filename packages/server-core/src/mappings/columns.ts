import { accessKeyMapping } from './access-keys';
import { accountMapping } from './accounts';
import { type Entry, mappedColumns, type ResourceMapping } from './mapping';
import { memberGroupMapping } from './member-groups';
import { memberMapping } from './members';
import { workspaceMapping } from './workspaces';

export type AnyResourceMapping = ResourceMapping<never, Record<string, Entry<never>>>;

/** Every mapping of a stored resource whose fields live in columns of their own. */
export const storedResourceMappings: readonly AnyResourceMapping[] = [
  accountMapping,
  workspaceMapping,
  memberGroupMapping,
  memberMapping,
  accessKeyMapping,
] as unknown as readonly AnyResourceMapping[];

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
