import {
  type kindOperations,
  type ManagementCollection,
  type managementKinds,
  managementOperationIds,
  type OperationId,
  type SuccessData,
} from '@wsadmin/contract';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { expect } from '../test-api';
import { workspaceOf } from './fixtures';

/** What the management scenario files share: answer shapes and the preview-then-commit helper. */

/** The operationIds of each kind, as the contract names them. */
export const OPS = managementOperationIds;

/** The contract's operations of one kind; the scenarios run them for every kind. */
type KindOperations = ReturnType<typeof kindOperations<(typeof managementKinds)['dimensions']>>;
/** A contract answer with the kind's definition left open (a record), as the scenarios read every kind. */
type AnyKind<T, Field extends keyof T> = Omit<T, Field> & { [F in Field]: Record<string, unknown> | null };
export type Preview = AnyKind<SuccessData<KindOperations['preview']>, 'candidate'>;
export type Commit = AnyKind<SuccessData<KindOperations['create']>, 'definition'>;
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
