import { modelKind } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { ApiError } from '../errors';
import type { Schema } from '../storage/schema';
import { listObjectsInTransaction, type StoredObject } from './objects';

type ModelReferenceFields = typeof modelKind.references;
/** The kinds a model lists (declared as the `models` kind's references); their details carry `usedByModels`. */
export type ReferencedKind = ModelReferenceFields[keyof ModelReferenceFields];

/** Which field of a model definition lists objects of each kind: the model kind's references, inverted. */
const modelFieldOf = new Map<string, keyof ModelReferenceFields>(
  Object.entries(modelKind.references).map(([field, kind]) => [kind, field as keyof ModelReferenceFields]),
);

/** Whether models reference objects of `kind` (then a delete may be refused and impacts name models). */
export const isReferencedByModels = (kind: string): kind is ReferencedKind => modelFieldOf.has(kind);

export interface ModelRef {
  uid: string;
  name: string;
}

/** Models of a workspace that reference an object, split into published models and drafts. */
export interface ModelReferences {
  published: ModelRef[];
  drafts: ModelRef[];
}

/**
 * Loads the models of a workspace once (once per transaction, while it changes no model), then
 * answers "who references X" for any number of objects.
 */
export async function modelReferenceIndex(db: Kysely<Schema>, workspaceId: number) {
  const models = await listObjectsInTransaction(db, workspaceId, 'models');
  return (kind: ReferencedKind, id: number): ModelReferences => referencesIn(models, kind, id);
}

export function referencesIn(
  models: StoredObject<'models'>[],
  kind: ReferencedKind,
  id: number,
): ModelReferences {
  const field = modelFieldOf.get(kind);
  const refs: ModelReferences = { published: [], drafts: [] };
  if (!field) return refs;
  for (const model of models) {
    if (!model.definition[field]?.includes(id)) continue;
    const ref = { uid: model.definition.uid, name: model.definition.name };
    (model.definition.draft ? refs.drafts : refs.published).push(ref);
  }
  return refs;
}

/** A delete that would break a published model is refused (409 naming the models). */
export function refuseIfPublished(label: string, id: number, published: ModelRef[]) {
  if (published.length === 0) return;
  const names = published.map((m) => `"${m.name}" (${m.uid})`).join(', ');
  throw new ApiError(
    409,
    `${label} ${id} is used by published model ${names}; remove it there first`,
    'conflict',
  );
}
