import { type ManagementCollection, managementKinds } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { ApiError, notFound } from '../errors';
import { managementRelations } from '../sql/kind-relations';
import { refuseIfPublished } from '../sql/model-references';
import { type Definition, findObject, revisionOf, type StoredObject } from '../sql/objects';
import { requireUniqueKeyword } from '../sql/semantic-objects';
import type { Schema } from '../storage/schema';
import { invalidInput } from '../zod-issues';
import { checkReferences, type Impact, impactOf } from './references';

export type Action = 'create' | 'update' | 'delete';

export interface ChangeRequest {
  action: Action;
  targetId?: number;
  revision?: string;
  changes: object;
}

/** A validated change, as a preview shows it and a commit applies it. */
export interface Plan<K extends ManagementCollection = ManagementCollection> {
  kind: K;
  action: Action;
  workspaceId: number;
  current: StoredObject<K> | undefined;
  beforeRevision: string | null;
  afterRevision: string | null;
  candidate: Definition<K> | null;
  impact: Impact;
}

const emptyImpact = (): Impact => ({ usedByModels: [], usedByDrafts: [], dependentMeasures: [] });

/**
 * Checks a change against the stored state and works out its result, saving nothing. The preview
 * calls it, and the commit calls it again inside its transaction, so a commit never applies a change
 * that the current state no longer allows.
 */
export async function planChange<K extends ManagementCollection>(
  db: Kysely<Schema>,
  workspaceId: number,
  kind: K,
  request: ChangeRequest,
): Promise<Plan<K>> {
  const schemas = managementKinds[kind];
  if (request.action === 'create') {
    const draft = { ...schemas.defaults, ...(kind === 'models' ? { uid: '' } : {}), ...request.changes };
    const candidate = validated(kind, draft);
    await checkReferences(db, workspaceId, kind, candidate);
    await uniqueKeyword(db, workspaceId, kind, candidate, undefined);
    return {
      kind,
      action: 'create',
      workspaceId,
      current: undefined,
      beforeRevision: null,
      afterRevision: await revisionOf(1, candidate),
      candidate,
      impact: emptyImpact(),
    };
  }
  const id = request.targetId ?? 0;
  const current = await findObject(db, workspaceId, kind, id);
  if (!current) throw notFound(`unknown target: ${kind} ${id} in workspace ${workspaceId}`);
  if (request.revision !== current.revision) {
    throw new ApiError(
      409,
      `stale revision "${request.revision}": ${kind} ${id} is at "${current.revision}"; read the detail again and preview again`,
      'revision_conflict',
    );
  }
  const impact = await impactOf(db, workspaceId, kind, id);
  if (request.action === 'delete') {
    refuseIfPublished(managementKinds[kind].label, id, impact.usedByModels);
    return {
      kind,
      action: 'delete',
      workspaceId,
      current,
      beforeRevision: current.revision,
      afterRevision: null,
      candidate: null,
      impact,
    };
  }
  const candidate = validated(kind, { ...current.definition, ...request.changes });
  await checkReferences(db, workspaceId, kind, candidate);
  await uniqueKeyword(db, workspaceId, kind, candidate, id);
  return {
    kind,
    action: 'update',
    workspaceId,
    current,
    beforeRevision: current.revision,
    afterRevision: await revisionOf(current.version + 1, candidate),
    candidate,
    impact,
  };
}

function validated<K extends ManagementCollection>(kind: K, draft: object): Definition<K> {
  const result = managementKinds[kind].definition.safeParse(draft);
  if (!result.success) throw invalidInput('changes', result.error);
  return result.data as Definition<K>;
}

/** Kinds declared with `uniqueKeyword` (time series, dimensions, measures) are found by keyword. */
function uniqueKeyword(
  db: Kysely<Schema>,
  workspaceId: number,
  kind: ManagementCollection,
  candidate: object,
  selfId?: number,
) {
  if (!managementRelations.uniqueKeyword(kind)) return;
  return requireUniqueKeyword(db, workspaceId, kind, (candidate as { names: string[] }).names, selfId);
}
