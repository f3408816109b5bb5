import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { invalid } from '../errors';
import { type KindRelations, managementRelations } from '../sql/kind-relations';
import { isReferencedByModels, type ModelRef, modelReferenceIndex } from '../sql/model-references';
import { listObjects, type StoredObject } from '../sql/objects';
import type { Schema } from '../storage/schema';

type Db = Kysely<Schema>;

/** Every id a definition references must be an object of that kind in the workspace (400 naming the field). */
export async function checkReferences(
  db: Db,
  workspaceId: number,
  kind: ManagementCollection,
  definition: object,
  relations: KindRelations = managementRelations,
) {
  const refs = relations.outgoing(kind, definition);
  const byKind = new Map<ManagementCollection, Set<number>>();
  for (const ref of refs) {
    let ids = byKind.get(ref.kind);
    if (!ids) {
      ids = new Set((await listObjects(db, workspaceId, ref.kind)).map((object) => object.id));
      byKind.set(ref.kind, ids);
    }
    if (!ids.has(ref.id))
      throw invalid(`changes.${ref.field}: ${ref.kind} ${ref.id} does not exist in workspace ${workspaceId}`);
  }
}

export interface Impact {
  usedByModels: ModelRef[];
  usedByDrafts: ModelRef[];
  dependentMeasures: Array<{ id: number; name: string }>;
}

/**
 * Who depends on an object: models (published and draft), for the kinds models reference, and the
 * measures whose declared references point at its kind (dimensions, today).
 */
export async function impactOf(
  db: Db,
  workspaceId: number,
  kind: ManagementCollection,
  id: number,
  relations: KindRelations = managementRelations,
): Promise<Impact> {
  const impact: Impact = { usedByModels: [], usedByDrafts: [], dependentMeasures: [] };
  if (isReferencedByModels(kind)) {
    const refs = (await modelReferenceIndex(db, workspaceId))(kind, id);
    impact.usedByModels = refs.published;
    impact.usedByDrafts = refs.drafts;
  }
  const measureFields = relations
    .holders(kind)
    .flatMap(([holder, field]) => (holder === 'measures' ? [field] : []));
  if (measureFields.length > 0) {
    const measures = await listObjects(db, workspaceId, 'measures');
    impact.dependentMeasures = measures
      .filter((m) => measureFields.some((field) => idsOf(m.definition, field).includes(id)))
      .map((m) => ({ id: m.id, name: m.name }));
  }
  return impact;
}

const idsOf = (definition: object, field: string) =>
  ((definition as Record<string, unknown>)[field] as number[] | undefined) ?? [];

/** What an object itself references, with names. */
export async function dependenciesOf(
  db: Db,
  object: StoredObject,
  relations: KindRelations = managementRelations,
) {
  const refs = relations.outgoing(object.kind, object.definition);
  const out: Array<{ type: ManagementCollection; id: number; name: string }> = [];
  const cache = new Map<ManagementCollection, Map<number, string>>();
  for (const ref of refs) {
    let names = cache.get(ref.kind);
    if (!names) {
      names = new Map((await listObjects(db, object.workspaceId, ref.kind)).map((o) => [o.id, o.name]));
      cache.set(ref.kind, names);
    }
    const name = names.get(ref.id);
    if (name !== undefined) out.push({ type: ref.kind, id: ref.id, name });
  }
  return out;
}
