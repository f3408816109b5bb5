import { managementKinds } from '../routes';
import type { ManagementCollection, ObjectId, OperationId, WorkspaceId } from '../types';
import { keyOf, wsadminKeys } from './keys';
import { type Affected, below, only } from './options';

const { management } = wsadminKeys;

/**
 * A list, and details, showing objects of one kind: the management interface's, or a legacy
 * endpoint's as the kind's declaration names them (route table `legacyViews`).
 */
type View = { list?: OperationId; detail?: OperationId };
function views(ws: WorkspaceId, { list, detail }: View, ids: ObjectId[]): Affected {
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
  const { operations, legacyViews } = managementKinds[collection];
  const affected: Affected = [
    ...views(ws, { list: operations.list, detail: operations.get }, ids),
    ...views(ws, legacyViews, ids),
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
