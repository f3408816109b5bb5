import type { ManagementCollection, ObjectId, WorkspaceId } from '../types';
import { wsadminKeys } from './keys';
import { type Affected, below, only } from './options';

const { management } = wsadminKeys;

const none = (): Affected => [];

/**
 * The legacy endpoints' views of each kind: their lists (and time-series details) show the same
 * objects. Every kind has an entry, so a new kind must say whether it has legacy views.
 */
const legacyViews: Record<ManagementCollection, (ws: WorkspaceId, ids: ObjectId[]) => Affected> = {
  'time-series': (ws, ids) => [
    only(wsadminKeys.timeSeries.list(ws)),
    ...ids.map((id) => only(wsadminKeys.timeSeries.detail(ws, id))),
  ],
  dimensions: (ws) => [only(wsadminKeys.dimensions.list(ws))],
  measures: (ws) => [only(wsadminKeys.measures.list(ws))],
  'dimension-tables': none,
  models: none,
  corpus: none,
  sops: none,
  datasets: none,
};

/** Kinds whose management details carry `usedByModels`, which a model commit changes. */
const usedByModels = new Set<unknown>(['time-series', 'dimensions', 'measures', 'dimension-tables']);

/**
 * The queries a change of configuration objects makes stale, whether it came through the
 * management interface or a legacy endpoint: the kind's management list and the details of `ids`,
 * the legacy lists showing the same objects, and the workspace's impacts (references are derived
 * from every object). A model change also reaches the `usedByModels` of the details it references.
 */
export function changedObjects(ws: WorkspaceId, collection: ManagementCollection, ids: ObjectId[]): Affected {
  const affected: Affected = [
    only(management.list(ws, collection)),
    ...ids.map((id) => only(management.detail(ws, collection, id))),
    ...legacyViews[collection](ws, ids),
    below(management.impacts(ws)),
  ];
  if (collection === 'models') {
    affected.push({
      queryKey: management.all(ws),
      predicate: ({ queryKey: [, , , , kind, id] }) => usedByModels.has(kind) && typeof id === 'number',
    });
  }
  return affected;
}
