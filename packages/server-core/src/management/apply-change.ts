import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { insertModel } from '../sql/models';
import { type Definition, deleteObject, insertObject, updateObject } from '../sql/objects';
import { detachDeleted } from '../sql/semantic-objects';
import type { Schema } from '../storage/schema';
import type { Plan } from './plan';

/** The object a change leaves behind: a delete leaves its id and no revision or definition. */
export interface Applied<K extends ManagementCollection = ManagementCollection> {
  id: number;
  revision: string | null;
  definition: Definition<K> | null;
}

/**
 * Writes a plan that `planChange` just re-checked in the same transaction. A delete also takes the
 * object's id out of everything that listed it, so no stored definition points at nothing.
 */
export async function applyChange<K extends ManagementCollection>(
  trx: Kysely<Schema>,
  plan: Plan<K>,
  now: Date,
): Promise<Applied<K>> {
  const { kind, workspaceId, current, candidate } = plan;
  if (plan.action === 'create' && candidate) {
    const { uid: _uid, ...model } = candidate as Definition<'models'>;
    const created =
      kind === 'models'
        ? await insertModel(trx, workspaceId, model, now)
        : await insertObject(trx, { workspaceId, kind, definition: candidate }, now);
    // A model is created by insertModel, which narrows K to 'models'; TS cannot follow the branch.
    return { id: created.id, revision: created.revision, definition: created.definition as Definition<K> };
  }
  if (plan.action === 'update' && current && candidate) {
    const { id, revision, definition } = await updateObject(trx, current, candidate, now);
    return { id, revision, definition };
  }
  if (plan.action === 'delete' && current) {
    await deleteObject(trx, current);
    await detachDeleted(trx, workspaceId, kind, current.id, now);
    return { id: current.id, revision: null, definition: null };
  }
  throw new Error(`inconsistent plan for ${plan.action}`);
}
