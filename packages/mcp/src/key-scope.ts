import type { FeaturePermission, OperationSpec } from '@wsadmin/contract';
import type { WsadminClient } from '@wsadmin/sdk';
import { callOperation, type Outcome } from './operation-call';

/** What the key may use, as `GET /openapi/v1/scopes/` answers it. */
export interface KeyScope {
  /** Empty: every feature permission. */
  readonly permissions: readonly FeaturePermission[];
  /** The workspaces in the key's set (all of them for a key without a workspace restriction). */
  readonly workspaceIds: readonly number[];
}

/** The scope of the client's key, or the failed outcome (a refused key, no answer). */
export async function readKeyScope(
  client: WsadminClient,
): Promise<{ ok: true; scope: KeyScope } | Extract<Outcome, { ok: false }>> {
  const outcome = await callOperation(client, 'getScope', {});
  if (!outcome.ok) return outcome;
  const data = outcome.data as { permissions: FeaturePermission[]; workspaces: { id: number }[] };
  return {
    ok: true,
    scope: { permissions: data.permissions, workspaceIds: data.workspaces.map((workspace) => workspace.id) },
  };
}

/** Whether the key's feature permissions cover an operation. */
export function permits(scope: KeyScope, spec: OperationSpec): boolean {
  return (
    spec.permission === null || scope.permissions.length === 0 || scope.permissions.includes(spec.permission)
  );
}

/**
 * Why a workspace id is refused before any call, or undefined when the key reaches it (or none is
 * named). A workspace made since the scope was read is not in it yet: the scope is read again once
 * before refusing.
 */
export async function workspaceRefusal(
  session: { readonly client: WsadminClient; scope: KeyScope },
  workspaceId: unknown,
): Promise<string | undefined> {
  if (typeof workspaceId !== 'number' || session.scope.workspaceIds.includes(workspaceId)) return undefined;
  const read = await readKeyScope(session.client);
  if (read.ok) session.scope = read.scope;
  if (session.scope.workspaceIds.includes(workspaceId)) return undefined;
  const reached = session.scope.workspaceIds.join(', ') || 'none';
  return `workspaceId ${workspaceId} is not among the workspaces this key reaches (${reached}): it does not exist or is outside the key's set`;
}
