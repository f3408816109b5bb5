import type { Facade } from '../client';
import type { RequestBody, TimeSeriesId, WorkspaceId } from '../types';
import { changedObjects } from './affected';
import { wsadminKeys } from './keys';
import { actionOf, mutationOf, queryOf } from './options';

const keys = wsadminKeys.timeSeries;
const changed = (ws: WorkspaceId, ids: TimeSeriesId[]) => changedObjects(ws, 'time-series', ids);

/**
 * Query and mutation factories of `client.timeSeries`. Writes invalidate the list, the details
 * they touch, and the management interface's view of the same time series.
 */
export const timeSeriesQueries = (client: Facade) => ({
  /**
   * The time series of a workspace.
   *
   * @example
   * const { data: series } = useQuery(q.timeSeries.list(7));
   */
  list: (workspaceId: WorkspaceId) =>
    queryOf(keys.list(workspaceId), (signal) => client.timeSeries.list(workspaceId, { signal })),

  /**
   * One time series.
   *
   * @example
   * const { data: series } = useQuery(q.timeSeries.get(7, 3));
   */
  get: (workspaceId: WorkspaceId, timeSeriesId: TimeSeriesId) =>
    queryOf(keys.detail(workspaceId, timeSeriesId), (signal) =>
      client.timeSeries.get(workspaceId, timeSeriesId, { signal }),
    ),

  /**
   * Creates a time series (variables: the time series).
   *
   * @example
   * useMutation(q.timeSeries.create(7)).mutate({ type: 'date', names: ['order date'], timeUnit: 'day' });
   */
  create: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'createTimeSeries', workspaceId],
      (timeSeries: RequestBody<'createTimeSeries'>) => client.timeSeries.create(workspaceId, timeSeries),
      () => changed(workspaceId, []),
    ),

  /**
   * Replaces a time series (variables: the time series).
   *
   * @example
   * useMutation(q.timeSeries.update(7, 3)).mutate({ type: 'date', names: ['day'], timeUnit: 'day' });
   */
  update: (workspaceId: WorkspaceId, timeSeriesId: TimeSeriesId) =>
    mutationOf(
      ['wsadmin', 'updateTimeSeries', workspaceId, timeSeriesId],
      (timeSeries: RequestBody<'updateTimeSeries'>) =>
        client.timeSeries.update(workspaceId, timeSeriesId, timeSeries),
      () => changed(workspaceId, [timeSeriesId]),
    ),

  /**
   * Deletes a time series (no variables).
   *
   * @example
   * useMutation(q.timeSeries.delete(7, 3)).mutate();
   */
  delete: (workspaceId: WorkspaceId, timeSeriesId: TimeSeriesId) =>
    actionOf(
      ['wsadmin', 'deleteTimeSeries', workspaceId, timeSeriesId],
      () => client.timeSeries.delete(workspaceId, timeSeriesId),
      () => changed(workspaceId, [timeSeriesId]),
    ),

  /**
   * Creates several time series (variables: the array).
   *
   * @example
   * useMutation(q.timeSeries.createMany(7)).mutate([{ type: 'date', names: ['ship date'], timeUnit: 'day' }]);
   */
  createMany: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'createTimeSeriesBatch', workspaceId],
      (items: RequestBody<'createTimeSeriesBatch'>['timeSeries']) =>
        client.timeSeries.createMany(workspaceId, items),
      () => changed(workspaceId, []),
    ),

  /**
   * Updates several time series (variables: the items, each with its `id`).
   *
   * @example
   * useMutation(q.timeSeries.updateMany(7)).mutate([{ id: 3, type: 'date', names: ['day'], timeUnit: 'day' }]);
   */
  updateMany: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'updateTimeSeriesBatch', workspaceId],
      (items: RequestBody<'updateTimeSeriesBatch'>['timeSeries']) =>
        client.timeSeries.updateMany(workspaceId, items),
      (items) =>
        changed(
          workspaceId,
          items.map(({ id }) => id),
        ),
    ),

  /**
   * Deletes several time series (variables: their ids).
   *
   * @example
   * useMutation(q.timeSeries.deleteMany(7)).mutate([3, 4]);
   */
  deleteMany: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'deleteTimeSeriesBatch', workspaceId],
      (ids: RequestBody<'deleteTimeSeriesBatch'>['timeSeriesIds']) =>
        client.timeSeries.deleteMany(workspaceId, ids),
      (ids) => changed(workspaceId, ids),
    ),
});

export type TimeSeriesQueries = ReturnType<typeof timeSeriesQueries>;
