import type { ManagementCollection } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import { invalid } from '../errors';
import { type ModelRef, modelReferenceIndex, type ReferencedKind } from '../queries/model-references';
import { listObjects, type StoredObject } from '../queries/objects';
import type { Schema } from '../storage/schema';

type Db = Kysely<Schema>;

/** The ids a definition of each kind points at: [field, kind pointed at]. */
const OUTGOING: Partial<Record<ManagementCollection, Array<[string, ManagementCollection]>>> = {
  measures: [['dimensionIds', 'dimensions']],
  'dimension-tables': [['dimensionIds', 'dimensions']],
  models: [
    ['dimensions', 'dimensions'],
    ['measures', 'measures'],
    ['timeSeries', 'time-series'],
    ['dimensionTables', 'dimension-tables'],
  ],
};

function outgoing(
  kind: ManagementCollection,
  definition: object,
): Array<{ field: string; kind: ManagementCollection; id: number }> {
  return (OUTGOING[kind] ?? []).flatMap(([field, target]) =>
    (((definition as Record<string, unknown>)[field] as number[] | undefined) ?? []).map((id) => ({
      field,
      kind: target,
      id,
    })),
  );
}

/** Every id a definition references must be an object of that kind in the workspace (400 naming the field). */
export async function checkReferences(
  db: Db,
  workspaceId: number,
  kind: ManagementCollection,
  definition: object,
) {
  const refs = outgoing(kind, definition);
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

const REFERENCED = new Set<ManagementCollection>([
  'time-series',
  'dimensions',
  'measures',
  'dimension-tables',
]);

/** Who depends on an object: models (published and draft) and, for dimensions, measures. */
export async function impactOf(
  db: Db,
  workspaceId: number,
  kind: ManagementCollection,
  id: number,
): Promise<Impact> {
  const impact: Impact = { usedByModels: [], usedByDrafts: [], dependentMeasures: [] };
  if (REFERENCED.has(kind)) {
    const refs = (await modelReferenceIndex(db, workspaceId))(kind as ReferencedKind, id);
    impact.usedByModels = refs.published;
    impact.usedByDrafts = refs.drafts;
  }
  if (kind === 'dimensions') {
    const measures = await listObjects(db, workspaceId, 'measures');
    impact.dependentMeasures = measures
      .filter((m) => m.definition.dimensionIds.includes(id))
      .map((m) => ({ id: m.id, name: m.name }));
  }
  return impact;
}

/** What an object itself references, with names. */
export async function dependenciesOf(db: Db, object: StoredObject) {
  const refs = outgoing(object.kind, object.definition);
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
