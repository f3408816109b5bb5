import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

const base = '/openapi/v1/workspaces/{workspaceId}/dimensions/';

/** Items of `update-dimensions`, which the spec carries under the key `measures`. */
export type DimensionUpdateItems = Extract<
  RequestBody<'updateDimensions'>,
  { measures: unknown }
>['measures'];

/** `/openapi/v1/workspaces/{workspaceId}/dimensions/`: dimensions, written in batches. */
export interface DimensionsApi {
  /**
   * Lists the dimensions of a workspace.
   *
   * @example
   * const dimensions = await client.dimensions.list(7);
   */
  list(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'listDimensions'>>;

  /**
   * Creates dimensions, all or nothing.
   *
   * @example
   * const [region] = await client.dimensions.create(7, [{ type: 'string', format: 'text', names: ['region'] }]);
   */
  create(
    workspaceId: WorkspaceId,
    dimensions: RequestBody<'createDimensions'>['dimensions'],
    options?: RequestOptions,
  ): Promise<ResponseData<'createDimensions'>>;

  /**
   * Updates dimensions, all or nothing; each item names its `id`. Sent under the spec's key `measures`.
   *
   * @example
   * await client.dimensions.update(7, [{ id: 5, type: 'string', format: 'text', names: ['region', 'area'] }]);
   */
  update(
    workspaceId: WorkspaceId,
    dimensions: DimensionUpdateItems,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateDimensions'>>;

  /**
   * Deletes dimensions, all or nothing.
   *
   * @example
   * await client.dimensions.delete(7, [5, 6]);
   */
  delete(
    workspaceId: WorkspaceId,
    dimensionIds: RequestBody<'deleteDimensions'>['dimensionIds'],
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteDimensions'>>;
}

export const dimensions = ({ call }: Context): DimensionsApi => ({
  list: (ws, o) => call('listDimensions', 'get', base, [ws], o),
  create: (ws, items, o) =>
    call('createDimensions', 'post', `${base}create-dimensions/`, [ws], o, { dimensions: items }),
  update: (ws, items, o) =>
    call('updateDimensions', 'put', `${base}update-dimensions/`, [ws], o, { measures: items }),
  delete: (ws, ids, o) =>
    call('deleteDimensions', 'delete', `${base}delete-dimensions/`, [ws], o, { dimensionIds: ids }),
});
