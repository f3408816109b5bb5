import type { Target } from '@wsadmin/conformance';
import { modelKind } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { insertModel, type NewModel } from '../src/sql/models';
import type { Schema } from '../src/storage/schema';

/**
 * `Target.seedModel` straight into a database the target can reach (faster than the management
 * interface the suite otherwise uses). Test code of this repository: the in-process, mock and
 * Node-server targets import it by relative path; it is not part of any package.
 */
export function seedModelInto(db: Kysely<Schema>, now: () => Date): NonNullable<Target['seedModel']> {
  return async (workspaceId, model) => {
    const definition: NewModel = { ...modelKind.defaults, ...model };
    const stored = await insertModel(db, workspaceId, definition, now());
    return { id: stored.id, uid: stored.definition.uid };
  };
}
