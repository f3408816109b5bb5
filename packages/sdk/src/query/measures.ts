import type { Facade } from '../client';
import type { RequestBody, WorkspaceId } from '../types';
import { changedObjects } from './affected';
import { wsadminKeys } from './keys';
import { mutationOf, queryOf } from './options';

/**
 * Query and mutation factories of `client.measures`. Writes invalidate the list and the management
 * interface's view of the same measures.
 */
export const measuresQueries = (client: Facade) => ({
  /**
   * The measures of a workspace.
   *
   * @example
   * const { data: measures } = useQuery(q.measures.list(7));
   */
  list: (workspaceId: WorkspaceId) =>
    queryOf(wsadminKeys.measures.list(workspaceId), (signal) =>
      client.measures.list(workspaceId, { signal }),
    ),

  /**
   * Creates measures (variables: the array).
   *
   * @example
   * useMutation(q.measures.create(7)).mutate([{ names: ['revenue'] }]);
   */
  create: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'createMeasures', workspaceId],
      (items: RequestBody<'createMeasures'>['measures']) => client.measures.create(workspaceId, items),
      () => changedObjects(workspaceId, 'measures', []),
    ),

  /**
   * Updates measures (variables: the items, each with its `id`).
   *
   * @example
   * useMutation(q.measures.update(7)).mutate([{ id: 9, description: 'Net revenue' }]);
   */
  update: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'updateMeasures', workspaceId],
      (items: RequestBody<'updateMeasures'>['measures']) => client.measures.update(workspaceId, items),
      (items) =>
        changedObjects(
          workspaceId,
          'measures',
          items.map(({ id }) => id),
        ),
    ),

  /**
   * Deletes measures (variables: their ids).
   *
   * @example
   * useMutation(q.measures.delete(7)).mutate([9]);
   */
  delete: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'deleteMeasures', workspaceId],
      (ids: RequestBody<'deleteMeasures'>['measureIds']) => client.measures.delete(workspaceId, ids),
      (ids) => changedObjects(workspaceId, 'measures', ids),
    ),
});

export type MeasuresQueries = ReturnType<typeof measuresQueries>;
