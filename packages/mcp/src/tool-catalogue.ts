import {
  managementOperationIds,
  type OperationId,
  type OperationSpec,
  operationEntries,
  type Tag,
} from '@wsadmin/contract';

/** What a grouped tool does: only reads, writes, or deletes (the destructive ones). */
export type ToolRole = 'read' | 'write' | 'delete';

/** One tool over several operations of one tag and role, chosen by its `operation` argument. */
export interface ToolGroup {
  readonly name: string;
  readonly tag: Tag;
  readonly role: ToolRole;
  readonly operationIds: readonly OperationId[];
}

/** The three tools of the preview-then-commit flow; their operations leave the grouped tools. */
export const MANAGEMENT_TOOLS = ['preview_change', 'commit_change', 'get_operation'] as const;
export type ManagementToolName = (typeof MANAGEMENT_TOOLS)[number];

/**
 * Operations reached only through the management tools: every kind's preview and its three commits
 * (a commit must name a plan token of a preview), and the operation record.
 */
export const flowOperationIds: ReadonlySet<OperationId> = new Set<OperationId>([
  ...Object.values(managementOperationIds).flatMap((verbs) => [
    verbs.preview,
    verbs.create,
    verbs.update,
    verbs.remove,
  ]),
  'getManagementOperation',
]);

/** The role an operation's facts give it: a DELETE deletes, a GET or a POST that saves nothing reads. */
export function roleOf(spec: OperationSpec): ToolRole {
  if (spec.method === 'delete') return 'delete';
  return spec.method === 'get' || spec.readsOnly === true ? 'read' : 'write';
}

/** `Member groups` -> `member_groups`. */
const slug = (tag: Tag): string => tag.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/**
 * The grouped tools, derived from the contract: one per tag and role (`read_workspaces`,
 * `write_workspaces`, `delete_workspaces`, ...), in the contract's order, every operation outside
 * the management flow in exactly one of them.
 */
export function toolGroups(): ToolGroup[] {
  const groups = new Map<string, { tag: Tag; role: ToolRole; operationIds: OperationId[] }>();
  for (const [operationId, spec] of operationEntries) {
    if (flowOperationIds.has(operationId)) continue;
    const role = roleOf(spec);
    const name = `${role}_${slug(spec.tag)}`;
    const group = groups.get(name) ?? { tag: spec.tag, role, operationIds: [] };
    group.operationIds.push(operationId);
    groups.set(name, group);
  }
  return [...groups].map(([name, group]) => ({ name, ...group }));
}
