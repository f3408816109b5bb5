import { type ManagementCollection, managementOperationIds, type OperationId } from '@wsadmin/contract';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { expect } from '../test-api';
import { workspaceOf } from './fixtures';

/** What the management scenario files share: answer shapes and the preview-then-commit helper. */

/** The operationIds of each kind, as the contract names them. */
export const OPS = managementOperationIds;

export interface Preview {
  action: string;
  beforeRevision: string | null;
  afterRevision: string | null;
  candidate: Record<string, unknown> | null;
  impact: { usedByModels: unknown[]; usedByDrafts: unknown[]; dependentMeasures: unknown[] };
  planToken: string;
  expiresAt: string;
}
export interface Commit {
  operationId: string;
  state: string;
  id: number;
  revision: string | null;
  definition: Record<string, unknown> | null;
}
export interface Detail {
  id: number;
  definition: Record<string, unknown>;
  revision: string;
  usedByModels?: unknown[];
}
export interface Operation {
  operationId: string;
  state: string;
  target: { type: string; id: number };
  beforeRevision: string | null;
  afterRevision: string | null;
  taskUid?: string;
  taskResult?: { status: string; message: string };
  probe?: { passed: boolean };
}

/** The client, fixtures and preview-then-commit helper of one target. */
export function managementClient(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const idem = () => crypto.randomUUID();

  async function okAs<T>(id: OperationId, input: Parameters<typeof api.call>[1]): Promise<T> {
    const answer = await api.call(id, input);
    expect(answer, `${id}: ${answer.errmsg}`).toMatchObject({ status: 200, errcode: 200 });
    return answer.data as T;
  }
  const workspace = workspaceOf(api);

  /** Preview then commit; returns both. */
  async function apply(
    ws: number,
    kind: ManagementCollection,
    change: { action: 'create' | 'update' | 'delete'; targetId?: number; revision?: string; changes: object },
    options: { key?: string; operatorUid?: string } = {},
  ) {
    const key = options.key;
    const operator = options.operatorUid ? { operatorUid: options.operatorUid } : {};
    const preview = await okAs<Preview>(OPS[kind].preview, {
      params: { workspaceId: ws },
      body: { ...change, ...operator },
      ...(key ? { key } : {}),
    });
    const verb = change.action === 'create' ? 'create' : change.action === 'update' ? 'update' : 'remove';
    const params =
      change.targetId === undefined ? { workspaceId: ws } : { workspaceId: ws, id: change.targetId };
    const body =
      change.action === 'delete'
        ? { planToken: preview.planToken, ...operator }
        : { changes: change.changes, planToken: preview.planToken, ...operator };
    const commit = await okAs<Commit>(OPS[kind][verb], {
      params,
      body,
      headers: { 'Idempotency-Key': idem() },
      ...(key ? { key } : {}),
    });
    return { preview, commit };
  }

  return { api, idem, okAs, workspace, apply };
}
