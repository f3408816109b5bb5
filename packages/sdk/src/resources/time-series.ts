import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, TimeSeriesId, WorkspaceId } from '../types';

const base = '/openapi/v1/workspaces/{workspaceId}/time-series/';
const one = `${base}{timeSeriesId}/`;

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
  list: (ws, o) => call('listTimeSeries', 'get', base, [ws], o),
  get: (ws, id, o) => call('getTimeSeries', 'get', one, [ws, id], o),
  create: (ws, body, o) => call('createTimeSeries', 'post', base, [ws], o, body),
  update: (ws, id, body, o) => call('updateTimeSeries', 'put', one, [ws, id], o, body),
  delete: (ws, id, o) => call('deleteTimeSeries', 'delete', one, [ws, id], o),
  createMany: (ws, items, o) =>
    call('createTimeSeriesBatch', 'post', `${base}create-time-series/`, [ws], o, { timeSeries: items }),
  updateMany: (ws, items, o) =>
    call('updateTimeSeriesBatch', 'put', `${base}update-time-series/`, [ws], o, { timeSeries: items }),
  deleteMany: (ws, ids, o) =>
    call('deleteTimeSeriesBatch', 'delete', `${base}delete-time-series/`, [ws], o, { timeSeriesIds: ids }),
});
