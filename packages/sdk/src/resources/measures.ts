import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

const base = '/openapi/v1/workspaces/{workspaceId}/measures/';

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
  list: (ws, o) => call('listMeasures', 'get', base, [ws], o),
  create: (ws, items, o) =>
    call('createMeasures', 'post', `${base}create-measures/`, [ws], o, { measures: items }),
  update: (ws, items, o) =>
    call('updateMeasures', 'put', `${base}update-measures/`, [ws], o, { measures: items }),
  delete: (ws, ids, o) =>
    call('deleteMeasures', 'delete', `${base}delete-measures/`, [ws], o, { measureIds: ids }),
});
