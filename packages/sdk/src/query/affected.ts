import { managementKinds } from '../routes';
import type { ManagementCollection, ObjectId, OperationId, WorkspaceId } from '../types';
import { keyOf, wsadminKeys } from './keys';
import { type Affected, below, only } from './options';

const { management } = wsadminKeys;

/**
 * The legacy endpoints' views of a kind, as its declaration names them (route table
 * `legacyViews`): their list (and, for time series, details) show the same objects.
 */
function legacyViews(ws: WorkspaceId, collection: ManagementCollection, ids: ObjectId[]): Affected {
  const views: { list?: OperationId; detail?: OperationId } = managementKinds[collection].legacyViews;
  const { list, detail } = views;
  return [
    ...(list ? [only(keyOf(list, [ws]))] : []),
    ...(detail ? ids.map((id) => only(keyOf(detail, [ws, id]))) : []),
  ];
}

/** Kinds whose management details carry `usedByModels`: those the model kind references. */
const usedByModels = new Set<unknown>(Object.values(managementKinds.models.references));

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
    ...legacyViews(ws, collection, ids),
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
