import type { Facade } from '../client';
import type { DimensionUpdateItems } from '../resources/dimensions';
import type { RequestBody, WorkspaceId } from '../types';
import { changedObjects } from './affected';
import { wsadminKeys } from './keys';
import { mutationOf, queryOf } from './options';

/**
 * Query and mutation factories of `client.dimensions`. Writes invalidate the list and the management
 * interface's view of the same dimensions.
 */
export const dimensionsQueries = (client: Facade) => ({
  /**
   * The dimensions of a workspace.
   *
   * @example
   * const { data: dimensions } = useQuery(q.dimensions.list(7));
   */
  list: (workspaceId: WorkspaceId) =>
    queryOf(wsadminKeys.dimensions.list(workspaceId), (signal) =>
      client.dimensions.list(workspaceId, { signal }),
    ),

  /**
   * Creates dimensions (variables: the array).
   *
   * @example
   * useMutation(q.dimensions.create(7)).mutate([{ type: 'string', format: 'text', names: ['region'] }]);
   */
  create: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'createDimensions', workspaceId],
      (items: RequestBody<'createDimensions'>['dimensions']) => client.dimensions.create(workspaceId, items),
      () => changedObjects(workspaceId, 'dimensions', []),
    ),

  /**
   * Updates dimensions (variables: the items, each with its `id`).
   *
   * @example
   * useMutation(q.dimensions.update(7)).mutate([{ id: 5, type: 'string', format: 'text', names: ['region', 'area'] }]);
   */
  update: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'updateDimensions', workspaceId],
      (items: DimensionUpdateItems) => client.dimensions.update(workspaceId, items),
      (items) =>
        changedObjects(
          workspaceId,
          'dimensions',
          items.map(({ id }) => id),
        ),
    ),

  /**
   * Deletes dimensions (variables: their ids).
   *
   * @example
   * useMutation(q.dimensions.delete(7)).mutate([5, 6]);
   */
  delete: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'deleteDimensions', workspaceId],
      (ids: RequestBody<'deleteDimensions'>['dimensionIds']) => client.dimensions.delete(workspaceId, ids),
      (ids) => changedObjects(workspaceId, 'dimensions', ids),
    ),
});

export type DimensionsQueries = ReturnType<typeof dimensionsQueries>;
