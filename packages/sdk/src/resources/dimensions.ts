import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

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
  list: (workspaceId, o) => call('listDimensions', { path: { workspaceId } }, o),
  create: (workspaceId, items, o) =>
    call('createDimensions', { path: { workspaceId }, body: { dimensions: items } }, o),
  update: (workspaceId, items, o) =>
    call('updateDimensions', { path: { workspaceId }, body: { measures: items } }, o),
  delete: (workspaceId, ids, o) =>
    call('deleteDimensions', { path: { workspaceId }, body: { dimensionIds: ids } }, o),
});
