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

/** A workspace id the key cannot reach, as a refusal; undefined when it can (or none is named). */
export function workspaceRefusal(scope: KeyScope, workspaceId: unknown): string | undefined {
  if (typeof workspaceId !== 'number' || scope.workspaceIds.includes(workspaceId)) return undefined;
  return `workspaceId ${workspaceId} is not in this key's workspace set (${scope.workspaceIds.join(', ') || 'none'})`;
}
