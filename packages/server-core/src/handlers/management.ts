import { type ManagementCollection, managementKinds, type managementOperations } from '@wsadmin/contract';
import type { z } from 'zod';
import type { HandlerContext } from '../context';
import { notFound } from '../http/api-error';
import type { Handlers } from '../http/handler';
import { findOperation, toOperation } from '../management/operations';
import { planChange } from '../management/plan';
import { issuePlanToken } from '../management/plan-tokens';
import { dependenciesOf, impactOf } from '../management/references';
import { findObject, listObjects } from '../queries/objects';
import { commitChange } from './management-commit';
import { catchUpTasks, requireOperator, requireWorkspaceRow } from './management-shared';

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

/**
 * The six operations of one object kind. The contract types each operation precisely; these
 * implementations are shared by all kinds, so they take the structural shapes above.
 */
function kindHandlers<K extends ManagementCollection>(kind: K) {
  const withUsedBy = managementKinds[kind].usedByModels;
  return {
    async list({ params }: { params: Params }, { db, clock, settings }: HandlerContext) {
      await requireWorkspaceRow(db, params.workspaceId);
      await catchUpTasks(db, clock.now(), settings.taskRunner);
      const objects = await listObjects(db, params.workspaceId, kind);
      return objects.map((o) => ({ id: o.id, name: o.name, revision: o.revision }));
    },
    async get(
      { params }: { params: Params & { id: number } },
      { db, clock, settings }: HandlerContext,
    ): Promise<Detail<K>> {
      await requireWorkspaceRow(db, params.workspaceId);
      await catchUpTasks(db, clock.now(), settings.taskRunner);
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
      const { db, clock, key } = context;
      await requireWorkspaceRow(db, params.workspaceId);
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
    return commitChange(
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
      context,
    );
  }
}

const k = kindHandlers;

const timeSeries = k('time-series');
const dimensions = k('dimensions');
const measures = k('measures');
const dimensionTables = k('dimension-tables');
const models = k('models');
const corpus = k('corpus');
const sops = k('sops');
const datasets = k('datasets');

export const managementHandlers: Handlers<keyof typeof managementOperations> = {
  listManagedTimeSeries: timeSeries.list,
  getManagedTimeSeries: timeSeries.get,
  previewTimeSeriesChange: timeSeries.preview,
  createManagedTimeSeries: timeSeries.create,
  updateManagedTimeSeries: timeSeries.update,
  deleteManagedTimeSeries: timeSeries.remove,

  listManagedDimensions: dimensions.list,
  getManagedDimension: dimensions.get,
  previewDimensionChange: dimensions.preview,
  createManagedDimension: dimensions.create,
  updateManagedDimension: dimensions.update,
  deleteManagedDimension: dimensions.remove,

  listManagedMeasures: measures.list,
  getManagedMeasure: measures.get,
  previewMeasureChange: measures.preview,
  createManagedMeasure: measures.create,
  updateManagedMeasure: measures.update,
  deleteManagedMeasure: measures.remove,

  listManagedDimensionTables: dimensionTables.list,
  getManagedDimensionTable: dimensionTables.get,
  previewDimensionTableChange: dimensionTables.preview,
  createManagedDimensionTable: dimensionTables.create,
  updateManagedDimensionTable: dimensionTables.update,
  deleteManagedDimensionTable: dimensionTables.remove,

  listManagedModels: models.list,
  getManagedModel: models.get,
  previewModelChange: models.preview,
  createManagedModel: models.create,
  updateManagedModel: models.update,
  deleteManagedModel: models.remove,

  listManagedCorpus: corpus.list,
  getManagedCorpus: corpus.get,
  previewCorpusChange: corpus.preview,
  createManagedCorpus: corpus.create,
  updateManagedCorpus: corpus.update,
  deleteManagedCorpus: corpus.remove,

  listManagedSops: sops.list,
  getManagedSop: sops.get,
  previewSopChange: sops.preview,
  createManagedSop: sops.create,
  updateManagedSop: sops.update,
  deleteManagedSop: sops.remove,

  listManagedDatasets: datasets.list,
  getManagedDataset: datasets.get,
  previewDatasetChange: datasets.preview,
  createManagedDataset: datasets.create,
  updateManagedDataset: datasets.update,
  deleteManagedDataset: datasets.remove,

  async getManagementImpacts({ params }, { db }) {
    await requireWorkspaceRow(db, params.workspaceId);
    const object = await findObject(db, params.workspaceId, params.type, params.id);
    if (!object) throw notFound(`${params.type} ${params.id} in workspace ${params.workspaceId}`);
    const impact = await impactOf(db, params.workspaceId, params.type, params.id);
    return { type: params.type, id: params.id, ...impact, dependsOn: await dependenciesOf(db, object) };
  },

  async getManagementOperation({ params }, { db, key, clock, settings }) {
    await requireWorkspaceRow(db, params.workspaceId);
    const now = clock.now();
    await catchUpTasks(db, now, settings.taskRunner);
    const row = await findOperation(
      db,
      { id: params.operationId, workspaceId: params.workspaceId, keyId: key.id },
      now,
    );
    if (!row) throw notFound(`operation ${params.operationId}`);
    return toOperation(row);
  },
};
