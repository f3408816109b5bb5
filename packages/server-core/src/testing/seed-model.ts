import { modelKind } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { insertModel, type NewModel } from '../queries/models';
import type { Schema } from '../storage/schema';
import type { Target } from './target';

/** `Target.seedModel` over a database the target can reach directly. */
export function seedModelInto(db: Kysely<Schema>, now: () => Date): Target['seedModel'] {
  return async (workspaceId, model) => {
    const definition: NewModel = { ...modelKind.defaults, ...model };
    const stored = await insertModel(db, workspaceId, definition, now());
    return { id: stored.id, uid: stored.definition.uid };
  };
}
