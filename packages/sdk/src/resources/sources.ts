import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

/** `/openapi/v1/workspaces/{workspaceId}/sources/`: the source catalogue (reference-server extension). */
export interface SourcesApi {
  /**
   * The source tables a workspace can bind to.
   *
   * @example
   * const { tables } = await client.sources.get(7);
   */
  get(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'getSourceCatalogue'>>;

  /**
   * Replaces the source catalogue; the next source refresh sees it.
   *
   * @example
   * await client.sources.set(7, { tables: [{ name: 'orders', fields: ['id', 'region', 'amount'] }] });
   */
  set(
    workspaceId: WorkspaceId,
    catalogue: RequestBody<'setSourceCatalogue'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'setSourceCatalogue'>>;
}

export const sources = ({ call }: Context): SourcesApi => ({
  get: (workspaceId, o) => call('getSourceCatalogue', { path: { workspaceId } }, o),
  set: (workspaceId, body, o) => call('setSourceCatalogue', { path: { workspaceId }, body }, o),
});
