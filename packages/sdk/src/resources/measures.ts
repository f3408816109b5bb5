import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

/** `/openapi/v1/workspaces/{workspaceId}/measures/`: measures (indicators), written in batches. */
export interface MeasuresApi {
  /**
   * Lists the measures of a workspace.
   *
   * @example
   * const measures = await client.measures.list(7);
   */
  list(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'listMeasures'>>;

  /**
   * Creates measures, all or nothing.
   *
   * @example
   * const [revenue] = await client.measures.create(7, [{ names: ['revenue'], sort: -1 }]);
   */
  create(
    workspaceId: WorkspaceId,
    measures: RequestBody<'createMeasures'>['measures'],
    options?: RequestOptions,
  ): Promise<ResponseData<'createMeasures'>>;

  /**
   * Updates measures, all or nothing; omitted fields keep their value.
   *
   * @example
   * await client.measures.update(7, [{ id: 9, description: 'Net revenue' }]);
   */
  update(
    workspaceId: WorkspaceId,
    measures: RequestBody<'updateMeasures'>['measures'],
    options?: RequestOptions,
  ): Promise<ResponseData<'updateMeasures'>>;

  /**
   * Deletes measures, all or nothing.
   *
   * @example
   * await client.measures.delete(7, [9]);
   */
  delete(
    workspaceId: WorkspaceId,
    measureIds: RequestBody<'deleteMeasures'>['measureIds'],
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteMeasures'>>;
}

export const measures = ({ call }: Context): MeasuresApi => ({
  list: (workspaceId, o) => call('listMeasures', { path: { workspaceId } }, o),
  create: (workspaceId, items, o) =>
    call('createMeasures', { path: { workspaceId }, body: { measures: items } }, o),
  update: (workspaceId, items, o) =>
    call('updateMeasures', { path: { workspaceId }, body: { measures: items } }, o),
  delete: (workspaceId, ids, o) =>
    call('deleteMeasures', { path: { workspaceId }, body: { measureIds: ids } }, o),
});
