import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { AccountUid, Id, IdParam, ModelRef, orNull, Timestamp } from '../primitives';
import { API, WorkspacePath } from './common';
import {
  ManagementCollection,
  type ManagementOperationId,
  type ManagementVerb,
  managementKinds,
  managementOperationIdOf,
  managementVerbs,
  Revision,
} from './management-kinds';

export const ManagementSummary = z
  .object({ id: Id, name: z.string().meta({ description: 'Keyword, name or title.' }), revision: Revision })
  .meta({ id: 'ManagementSummary' });

export const MeasureRef = z.object({ id: Id, name: z.string() }).meta({ id: 'MeasureRef' });

export const ObjectRef = z
  .object({ type: ManagementCollection, id: Id, name: z.string() })
  .meta({ id: 'ObjectRef' });

export const PreviewImpact = z
  .object({
    usedByModels: z.array(ModelRef).meta({ description: 'Published models that use the object.' }),
    usedByDrafts: z.array(ModelRef).meta({ description: 'Draft models that use the object.' }),
    dependentMeasures: z
      .array(MeasureRef)
      .meta({ description: 'Measures that depend on the object (dimensions).' }),
  })
  .meta({ id: 'PreviewImpact' });

export const ManagementImpacts = PreviewImpact.extend({
  type: ManagementCollection,
  id: Id,
  dependsOn: z.array(ObjectRef).meta({ description: 'Objects this one references.' }),
}).meta({
  id: 'ManagementImpacts',
  description: 'References and dependencies of an object (shape not shown in the spec).',
});

export const OperationState = z.enum(['saved', 'pending', 'verified', 'failed', 'unknown']).meta({
  id: 'OperationState',
  description:
    'saved: configuration saved; pending: a follow-up task has not finished; verified: the task or probe passed; failed: the task or acceptance failed; unknown: evidence is insufficient (must not be treated as passed). verified and failed are final.',
});

export const ManagementAction = z.enum(['create', 'update', 'delete']).meta({
  id: 'ManagementAction',
  description: 'The spec shows `create` and `update`; the deletion literal is `delete` here.',
});

export const ManagementOperation = z
  .object({
    operationId: z.string(),
    target: z.object({ type: ManagementCollection, id: Id }),
    action: ManagementAction,
    state: OperationState,
    beforeRevision: orNull(Revision),
    afterRevision: orNull(Revision),
    result: z.object({ id: Id, revision: orNull(Revision) }),
    taskUid: z.string().optional().meta({ description: 'Present when a follow-up task exists.' }),
    taskResult: z
      .object({
        status: z.enum(['succeeded', 'failed', 'superseded']),
        message: z.string(),
        finishedAt: Timestamp,
      })
      .optional(),
    probe: z.object({ passed: z.boolean(), message: z.string(), checkedAt: Timestamp }).optional(),
    createdAt: Timestamp,
  })
  .meta({ id: 'ManagementOperation' });

const PlanToken = z
  .string()
  .min(1)
  .max(512)
  .meta({ description: 'From the preview; valid 10 minutes, one commit.' });
const OperatorUid = AccountUid.optional().meta({
  description: 'Account recording the operator; must equal the one used in the preview.',
});
const IdempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[\x21-\x2b\x2d-\x7e]{1,128}$/, '1 to 128 visible ASCII characters, no comma, sent once')
    .meta({
      description: 'Required on every commit; at most 128 characters. The same key replays the first result.',
    }),
});

type Kinds = typeof managementKinds;
type Kind = Kinds[ManagementCollection];

/** The six operations of one object kind (keyed by verb), derived from its schemas. */
export function kindOperations<K extends Kind>(kind: K) {
  const { collection, schemaName: name, label } = kind;
  const base = `${API}/workspaces/{workspaceId}/management/${collection}/` as const;
  const ObjectPath = WorkspacePath.extend({ id: IdParam });
  const CommitResult = z
    .object({
      operationId: z.string(),
      state: OperationState,
      id: Id,
      revision: orNull(Revision).meta({ description: 'null after a delete.' }),
      definition: orNull(kind.definition).meta({ description: 'null after a delete.' }),
    })
    .meta({
      id: `${name}CommitResult`,
      description: 'Commit result (shape beyond `operationId` not shown in the spec).',
    });
  const common = { tag: 'Management', permission: 'workspace' } as const;
  const refreshNote = kind.sourceBinding
    ? '; a change of its source binding schedules a source refresh (the operation stays `pending` until it ends).'
    : '.';
  return {
    list: defineOperation({
      ...common,
      method: 'get',
      path: base,
      summary: `List ${label} summaries`,
      description: `Answers the id, name and revision of every ${label} of the workspace. Runs the source-refresh tasks that are due first.`,
      params: WorkspacePath,
      data: z.array(ManagementSummary),
    }),
    get: defineOperation({
      ...common,
      method: 'get',
      path: `${base}{id}/`,
      summary: `Get a ${label} with its revision`,
      description: `Answers the ${label}'s definition and the \`revision\` a preview of an update or delete names. Runs the source-refresh tasks that are due first.`,
      params: ObjectPath,
      data: kind.detail,
    }),
    preview: defineOperation({
      ...common,
      method: 'post',
      path: `${base}preview/`,
      summary: `Preview a ${label} change`,
      description:
        'Saves nothing. Returns the revisions, the candidate definition, the impact and a plan token bound to workspace, key, object, action, change and operator.',
      readsOnly: true,
      params: WorkspacePath,
      body: z
        .discriminatedUnion('action', [
          z.strictObject({
            action: z.literal('create'),
            changes: kind.createChanges,
            operatorUid: OperatorUid,
          }),
          z.strictObject({
            action: z.literal('update'),
            targetId: Id,
            revision: Revision,
            changes: kind.updateChanges,
            operatorUid: OperatorUid,
          }),
          z.strictObject({
            action: z.literal('delete'),
            targetId: Id,
            revision: Revision,
            changes: z.strictObject({}).meta({ description: 'Always `{}` for a delete.' }),
            operatorUid: OperatorUid,
          }),
        ])
        .meta({ id: `${name}PreviewRequest` }),
      data: z
        .object({
          action: ManagementAction,
          beforeRevision: orNull(Revision).meta({ description: 'null for a create.' }),
          afterRevision: orNull(Revision).meta({ description: 'null for a delete.' }),
          changes: kind.updateChanges,
          impact: PreviewImpact,
          candidate: orNull(kind.definition).meta({
            description: 'The definition as it would be; null for a delete.',
          }),
          planToken: z.string(),
          expiresAt: Timestamp.meta({ description: 'When the plan token stops being accepted.' }),
        })
        .meta({ id: `${name}Preview` }),
      errors: [409],
    }),
    create: defineOperation({
      ...common,
      method: 'post',
      path: base,
      summary: `Commit a previewed ${label} create`,
      description: `Creates the ${label} the preview described: \`changes\`, \`operatorUid\` and the key must be the preview's, within the plan token's 10 minutes. Records an operation (\`operationId\`)${refreshNote}`,
      params: WorkspacePath,
      headers: IdempotencyHeaders,
      body: z
        .strictObject({ changes: kind.createChanges, planToken: PlanToken, operatorUid: OperatorUid })
        .meta({ id: `${name}CreateCommit` }),
      data: CommitResult,
      errors: [409, 410, 422],
    }),
    update: defineOperation({
      ...common,
      method: 'patch',
      path: `${base}{id}/`,
      summary: `Commit a previewed ${label} update`,
      description: `Applies the update the preview described to the ${label}, if its revision has not moved since (409 otherwise). Records an operation (\`operationId\`)${refreshNote}`,
      params: ObjectPath,
      headers: IdempotencyHeaders,
      body: z
        .strictObject({ changes: kind.updateChanges, planToken: PlanToken, operatorUid: OperatorUid })
        .meta({ id: `${name}UpdateCommit` }),
      data: CommitResult,
      errors: [409, 410, 422],
    }),
    remove: defineOperation({
      ...common,
      method: 'delete',
      path: `${base}{id}/`,
      summary: `Commit a previewed ${label} delete`,
      description: `Deletes the ${label} the preview named, if its revision has not moved since (409 otherwise), and takes its id out of every object that references it. Records an operation (\`operationId\`).`,
      params: ObjectPath,
      headers: IdempotencyHeaders,
      body: ManagementDeleteCommit,
      data: CommitResult,
      errors: [409, 410, 422],
    }),
  };
}

export const ManagementDeleteCommit = z
  .strictObject({ planToken: PlanToken, operatorUid: OperatorUid })
  .meta({
    id: 'ManagementDeleteCommit',
    description: 'Body of a delete commit (not shown in the spec beyond `planToken`).',
  });

type KindOperations<C extends ManagementCollection> = ReturnType<typeof kindOperations<Kinds[C]>>;
type Pair = {
  [C in ManagementCollection]: { [V in ManagementVerb]: [C, V] }[ManagementVerb];
}[ManagementCollection];
/** The six operations of every kind under their operationIds, typed per kind. */
type KindOperationTable = { [P in Pair as ManagementOperationId<P[0], P[1]>]: KindOperations<P[0]>[P[1]] };

// Built from the kinds' declaration, in its order (the document lists operations in this order).
const kindOperationTable = Object.fromEntries(
  Object.values(managementKinds).flatMap((kind: Kind) => {
    const operations = kindOperations(kind);
    return managementVerbs.map((verb) => [managementOperationIdOf(kind, verb), operations[verb]]);
  }),
) as KindOperationTable;

const management = `${API}/workspaces/{workspaceId}/management/` as const;

export const managementOperations = {
  ...kindOperationTable,

  getManagementImpacts: defineOperation({
    method: 'get',
    path: `${management}impacts/{type}/{id}/`,
    tag: 'Management',
    summary: 'Get the references and dependencies of an object',
    description:
      'Answers the models and drafts that use the object, the measures that depend on it, and the objects it references (`dependsOn`).',
    permission: 'workspace',
    params: WorkspacePath.extend({ type: ManagementCollection, id: IdParam }),
    data: ManagementImpacts,
  }),
  getManagementOperation: defineOperation({
    method: 'get',
    path: `${management}operations/{operationId}/`,
    tag: 'Management',
    summary: 'Get an operation record',
    description:
      'Answers the state of a commit and of its follow-up task or probe, after running the source-refresh tasks that are due. Visible only to the key that created it, in the workspace where it was created; anything else is 404.',
    permission: 'workspace',
    params: WorkspacePath.extend({ operationId: z.string().min(1).max(64) }),
    data: ManagementOperation,
  }),
};
