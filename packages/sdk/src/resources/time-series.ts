import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, TimeSeriesId, WorkspaceId } from '../types';

/** `/openapi/v1/workspaces/{workspaceId}/time-series/`: time series (time dimensions). */
export interface TimeSeriesApi {
  /**
   * Lists the time series of a workspace.
   *
   * @example
   * const series = await client.timeSeries.list(7);
   */
  list(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'listTimeSeries'>>;

  /**
   * One time series, with its source `table` and `field`.
   *
   * @example
   * const series = await client.timeSeries.get(7, 3);
   */
  get(
    workspaceId: WorkspaceId,
    timeSeriesId: TimeSeriesId,
    options?: RequestOptions,
  ): Promise<ResponseData<'getTimeSeries'>>;

  /**
   * Creates a time series.
   *
   * @example
   * const created = await client.timeSeries.create(7, { type: 'date', names: ['order date'], timeUnit: 'day' });
   */
  create(
    workspaceId: WorkspaceId,
    timeSeries: RequestBody<'createTimeSeries'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'createTimeSeries'>>;

  /**
   * Replaces a time series (same body as create).
   *
   * @example
   * await client.timeSeries.update(7, 3, { type: 'date', names: ['order date', 'date'], timeUnit: 'day' });
   */
  update(
    workspaceId: WorkspaceId,
    timeSeriesId: TimeSeriesId,
    timeSeries: RequestBody<'updateTimeSeries'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateTimeSeries'>>;

  /**
   * Deletes a time series.
   *
   * @example
   * await client.timeSeries.delete(7, 3);
   */
  delete(
    workspaceId: WorkspaceId,
    timeSeriesId: TimeSeriesId,
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteTimeSeries'>>;

  /**
   * Creates several time series, all or nothing.
   *
   * @example
   * await client.timeSeries.createMany(7, [{ type: 'date', names: ['ship date'], timeUnit: 'day' }]);
   */
  createMany(
    workspaceId: WorkspaceId,
    timeSeries: RequestBody<'createTimeSeriesBatch'>['timeSeries'],
    options?: RequestOptions,
  ): Promise<ResponseData<'createTimeSeriesBatch'>>;

  /**
   * Updates several time series, all or nothing; each item names its `id`.
   *
   * @example
   * await client.timeSeries.updateMany(7, [{ id: 3, type: 'date', names: ['day'], timeUnit: 'day' }]);
   */
  updateMany(
    workspaceId: WorkspaceId,
    timeSeries: RequestBody<'updateTimeSeriesBatch'>['timeSeries'],
    options?: RequestOptions,
  ): Promise<ResponseData<'updateTimeSeriesBatch'>>;

  /**
   * Deletes several time series, all or nothing.
   *
   * @example
   * await client.timeSeries.deleteMany(7, [3, 4]);
   */
  deleteMany(
    workspaceId: WorkspaceId,
    timeSeriesIds: RequestBody<'deleteTimeSeriesBatch'>['timeSeriesIds'],
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteTimeSeriesBatch'>>;
}

export const timeSeries = ({ call }: Context): TimeSeriesApi => ({
  list: (workspaceId, o) => call('listTimeSeries', { path: { workspaceId } }, o),
  get: (workspaceId, timeSeriesId, o) => call('getTimeSeries', { path: { workspaceId, timeSeriesId } }, o),
  create: (workspaceId, body, o) => call('createTimeSeries', { path: { workspaceId }, body }, o),
  update: (workspaceId, timeSeriesId, body, o) =>
    call('updateTimeSeries', { path: { workspaceId, timeSeriesId }, body }, o),
  delete: (workspaceId, timeSeriesId, o) =>
    call('deleteTimeSeries', { path: { workspaceId, timeSeriesId } }, o),
  createMany: (workspaceId, items, o) =>
    call('createTimeSeriesBatch', { path: { workspaceId }, body: { timeSeries: items } }, o),
  updateMany: (workspaceId, items, o) =>
    call('updateTimeSeriesBatch', { path: { workspaceId }, body: { timeSeries: items } }, o),
  deleteMany: (workspaceId, ids, o) =>
    call('deleteTimeSeriesBatch', { path: { workspaceId }, body: { timeSeriesIds: ids } }, o),
});
