import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { ApiError } from '../errors';
import type { Schema } from '../storage/schema';
import { listObjectsInTransaction, type StoredObject } from './objects';

/** Which field of a model definition lists objects of each kind. */
const MODEL_FIELD = {
  'time-series': 'timeSeries',
  dimensions: 'dimensions',
  measures: 'measures',
  'dimension-tables': 'dimensionTables',
} as const satisfies Partial<Record<ManagementCollection, string>>;

export type ReferencedKind = keyof typeof MODEL_FIELD;

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
  const field = MODEL_FIELD[kind];
  const refs: ModelReferences = { published: [], drafts: [] };
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
