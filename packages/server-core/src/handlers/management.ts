import {
  type ManagementCollection,
  type ManagementOperationId,
  type ManagementVerb,
  managementKinds,
  managementOperationIds,
  type managementOperations,
  managementVerbs,
} from '@wsadmin/contract';
import type { z } from 'zod';
import type { HandlerContext } from '../context';
import { notFound } from '../errors';
import { commitChange } from '../management/commit';
import { findOperation, toOperation } from '../management/operations';
import { planChange } from '../management/plan';
import { issuePlanToken } from '../management/plan-tokens';
import { dependenciesOf, impactOf } from '../management/references';
import { processDueTasks } from '../management/refresh-tasks';
import { findObject, listObjectSummaries } from '../sql/objects';
import { requireOperator, requireWorkspaceRow } from './guards';
import type { Handler, Handlers } from './handler';

type Params = { workspaceId: number; id?: number };
/** The contract's detail of kind `K`: with `usedByModels` exactly for the kinds that carry it. */
type Detail<K extends ManagementCollection> = z.output<(typeof managementKinds)[K]['detail']>;
type CommitBody = { planToken: string; operatorUid?: string | undefined; changes?: object };
type PreviewBody = {
  action: 'create' | 'update' | 'delete';
  targetId?: number;
  revision?: string;
  changes: object;
  operatorUid?: string | undefined;
};

// Reads run due refresh tasks first (processDueTasks), so state advances with the (test) clock
// even without a timer.

/**
 * The six operations of one object kind. The contract types each operation precisely; these
 * implementations are shared by all kinds, so they take the structural shapes above.
 */
function kindHandlers<K extends ManagementCollection>(kind: K) {
  const withUsedBy = managementKinds[kind].usedByModels;
  return {
    async list({ params }: { params: Params }, { db, storage, clock, settings }: HandlerContext) {
      await requireWorkspaceRow(storage, params.workspaceId);
      await processDueTasks(storage, clock.now(), settings.taskRunner);
      return listObjectSummaries(db, params.workspaceId, kind);
    },
    async get(
      { params }: { params: Params & { id: number } },
      { db, storage, clock, settings }: HandlerContext,
    ): Promise<Detail<K>> {
      await requireWorkspaceRow(storage, params.workspaceId);
      await processDueTasks(storage, clock.now(), settings.taskRunner);
      const object = await findObject(db, params.workspaceId, kind, params.id);
      if (!object) throw notFound(`${kind} ${params.id} in workspace ${params.workspaceId}`);
      const detail = { id: object.id, definition: object.definition, revision: object.revision };
      // The stored definition is the kind's (checked on commit), and `withUsedBy` is the kind's flag;
      // TypeScript cannot tie either to K, and every answer is checked against the contract anyway.
      if (!withUsedBy) return detail as Detail<K>;
      const impact = await impactOf(db, params.workspaceId, kind, object.id);
      return { ...detail, usedByModels: [...impact.usedByModels, ...impact.usedByDrafts] } as Detail<K>;
    },
    async preview({ params, body }: { params: Params; body: PreviewBody }, context: HandlerContext) {
      const { db, storage, clock, key } = context;
      await requireWorkspaceRow(storage, params.workspaceId);
      await requireOperator(db, body.operatorUid);
      const plan = await planChange(db, params.workspaceId, kind, body);
      const { token, expiresAt } = await issuePlanToken(
        db,
        {
          workspaceId: params.workspaceId,
          keyId: key.id,
          kind,
          action: body.action,
          targetId: body.action === 'create' ? null : (body.targetId ?? null),
          changes: body.changes,
          operatorUid: body.operatorUid ?? null,
        },
        plan.beforeRevision,
        clock.now(),
      );
      return {
        action: body.action,
        beforeRevision: plan.beforeRevision,
        afterRevision: plan.afterRevision,
        changes: body.changes,
        impact: plan.impact,
        candidate: plan.candidate,
        planToken: token,
        expiresAt: expiresAt.toISOString(),
      };
    },
    async create(
      request: { params: Params; body: CommitBody; headers: { 'Idempotency-Key': string } },
      context: HandlerContext,
    ) {
      return commit('create', null, request, context);
    },
    async update(
      request: { params: Params & { id: number }; body: CommitBody; headers: { 'Idempotency-Key': string } },
      context: HandlerContext,
    ) {
      return commit('update', request.params.id, request, context);
    },
    async remove(
      request: { params: Params & { id: number }; body: CommitBody; headers: { 'Idempotency-Key': string } },
      context: HandlerContext,
    ) {
      return commit('delete', request.params.id, request, context);
    },
  };

  async function commit(
    action: 'create' | 'update' | 'delete',
    targetId: number | null,
    { params, body, headers }: { params: Params; body: CommitBody; headers: { 'Idempotency-Key': string } },
    context: HandlerContext,
  ) {
    await requireOperator(context.db, body.operatorUid);
    await requireWorkspaceRow(context.storage, params.workspaceId);
    return commitChange(
      context.storage,
      {
        kind,
        action,
        workspaceId: params.workspaceId,
        targetId,
        changes: body.changes ?? {},
        planToken: body.planToken,
        operatorUid: body.operatorUid,
        idempotencyKey: headers['Idempotency-Key'],
        body,
      },
      {
        keyId: context.key.id,
        now: context.clock.now(),
        refreshDebounceMs: context.settings.refreshDebounceMs,
      },
    );
  }
}

type Shared<C extends ManagementCollection> = ReturnType<typeof kindHandlers<C>>;
/** `true` where the shared implementation of a verb fits the contract's handler type of that kind's operation. */
type Fits = {
  [C in ManagementCollection]: {
    [V in ManagementVerb]: Shared<C>[V] extends Handler<ManagementOperationId<C, V>> ? true : false;
  };
};
// Compile-time proof for the cast below: a kind whose schemas the shared code cannot serve fails here.
type AllFit<T extends { [C in ManagementCollection]: { [V in ManagementVerb]: true } }> = T;
export type KindHandlersFit = AllFit<Fits>;

/** The six handlers of every kind under their operationIds, from the contract's kinds table. */
const kindHandlerTable = Object.fromEntries(
  Object.entries(managementOperationIds).flatMap(([kind, ids]) => {
    const handlers = kindHandlers(kind as ManagementCollection);
    return managementVerbs.map((verb) => [ids[verb], handlers[verb]]);
  }),
) as Handlers<ManagementOperationId>;

export const managementHandlers: Handlers<keyof typeof managementOperations> = {
  ...kindHandlerTable,

  async getManagementImpacts({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    const object = await findObject(db, params.workspaceId, params.type, params.id);
    if (!object) throw notFound(`${params.type} ${params.id} in workspace ${params.workspaceId}`);
    const impact = await impactOf(db, params.workspaceId, params.type, params.id);
    return { type: params.type, id: params.id, ...impact, dependsOn: await dependenciesOf(db, object) };
  },

  async getManagementOperation({ params }, { db, storage, key, clock, settings }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    const now = clock.now();
    await processDueTasks(storage, now, settings.taskRunner);
    const row = await findOperation(
      db,
      { id: params.operationId, workspaceId: params.workspaceId, keyId: key.id },
      now,
    );
    if (!row) throw notFound(`operation ${params.operationId}`);
    return toOperation(row);
  },
};
