import type { Kysely } from 'kysely';
import { randomSecret } from '../auth/digest';
import type { Schema } from '../storage/schema';
import { type Definition, insertObject, type StoredObject } from './objects';

/** A model definition before the server assigns its uid. */
export type NewModel = Omit<Definition<'models'>, 'uid'>;

/** Creates a model with a fresh uid (kept in `definition.uid` and the `uid` column). */
export function insertModel(
  db: Kysely<Schema>,
  workspaceId: number,
  model: NewModel,
  now: Date,
): Promise<StoredObject<'models'>> {
  const uid = `mdl_${randomSecret(12)}`;
  return insertObject(db, { workspaceId, kind: 'models', uid, definition: { ...model, uid } }, now);
}
