import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { type OperationId, type OperationSpec, operations } from '@wsadmin/contract';
import { isOperationId, unknownOperationIdMessage } from '@wsadmin/contract/routes';
import { confirmDestructive } from './confirmation';
import { permits, workspaceRefusal } from './key-scope';
import { callOperation } from './operation-call';
import type { SessionContext, ToolDefinition } from './session-context';
import { type ToolGroup, type ToolRole, toolGroups } from './tool-catalogue';
import { groupExamples, withExamples } from './tool-examples';
import { errorResult, failedResult, invalidArguments, successResult } from './tool-result';
import { groupArguments, groupDescription, groupInputSchema, groupOutputSchema } from './tool-schemas';

/** The annotations of a role: hints a client shows or acts on, derived from the operations' facts. */
export function annotationsOf(role: ToolRole, specs: readonly OperationSpec[]): Tool['annotations'] {
  return {
    readOnlyHint: role === 'read',
    destructiveHint: role === 'delete',
    // A PUT or a DELETE again with the same arguments changes nothing more; a POST creates again.
    idempotentHint: specs.every((spec) => spec.method !== 'post' || spec.readsOnly === true),
    // The service is a closed domain: its own workspaces, objects and accounts.
    openWorldHint: false,
  };
}

const builtTools = new Map<string, Tool>();

/**
 * The MCP tool of a group, over the operations the key may use. Built once per group and set of
 * operations: every `tools/list` reads the scope again, and the schemas only depend on the contract.
 */
export function groupTool(group: ToolGroup, operationIds: readonly OperationId[]): Tool {
  const key = `${group.name}:${operationIds.join(',')}`;
  const built = builtTools.get(key) ?? buildGroupTool(group, operationIds);
  builtTools.set(key, built);
  return built;
}

function buildGroupTool(group: ToolGroup, operationIds: readonly OperationId[]): Tool {
  const specs = operationIds.map((operationId) => operations[operationId] as OperationSpec);
  const destructive =
    group.role === 'delete' ? '\nDeletes: the user is asked to confirm each call (MCP elicitation).' : '';
  return {
    name: group.name,
    title: `${group.role} ${group.tag.toLowerCase()}`,
    description: `${groupDescription({ ...group, operationIds })}${destructive}`,
    inputSchema: withExamples(
      groupInputSchema(operationIds),
      groupExamples(operationIds),
    ) as Tool['inputSchema'],
    outputSchema: groupOutputSchema as Tool['outputSchema'],
    annotations: annotationsOf(group.role, specs),
  };
}

/** Splits a tool's parsed arguments into the operation's path values, query and body. */
function inputOf(spec: OperationSpec, args: Record<string, unknown>) {
  const names = Object.keys(spec.params?.shape ?? {});
  const params = Object.fromEntries(names.map((name) => [name, args[name]]));
  return { params, query: args.query as Record<string, unknown> | undefined, body: args.body };
}

async function runGroup(
  group: ToolGroup,
  operationIds: readonly OperationId[],
  raw: unknown,
  session: SessionContext,
): Promise<CallToolResult> {
  // A misspelt operation gets the nearest ids, which zod's "invalid discriminator" does not name.
  const asked =
    typeof raw === 'object' && raw !== null ? (raw as { operation?: unknown }).operation : undefined;
  if (typeof asked === 'string' && !isOperationId(asked))
    return errorResult(
      'invalid arguments: operation',
      [{ path: 'operation', message: unknownOperationIdMessage(asked) }],
      400,
    );
  const parsed = groupArguments(operationIds).safeParse(raw ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  const args = parsed.data as Record<string, unknown> & { operation: OperationId };
  const spec = operations[args.operation] as OperationSpec;
  const outside = await workspaceRefusal(session, args.workspaceId);
  if (outside) return errorResult(outside, [{ path: 'workspaceId', message: outside }], 403);
  if (group.role === 'delete') {
    const what = `${spec.summary}: ${JSON.stringify(raw)}`;
    const answer = await confirmDestructive(session.server, `Confirm: ${what}`, session.allowDestructive);
    if (!answer.confirmed) return errorResult(answer.why);
  }
  const outcome = await callOperation(session.client, args.operation, inputOf(spec, args));
  session.log('tool call', { tool: group.name, operation: args.operation, ok: outcome.ok });
  if (!outcome.ok) return failedResult(outcome);
  return successResult({ operation: args.operation, data: outcome.data });
}

/** The grouped tools the session's key may use: a group none of whose operations it may call is left out. */
export function groupedTools(session: SessionContext): ToolDefinition[] {
  return toolGroups().flatMap((group) => {
    const allowed = group.operationIds.filter((operationId) =>
      permits(session.scope, operations[operationId]),
    );
    if (allowed.length === 0) return [];
    return [
      {
        tool: groupTool(group, allowed),
        run: (args: unknown) => runGroup(group, allowed, args, session),
      },
    ];
  });
}
