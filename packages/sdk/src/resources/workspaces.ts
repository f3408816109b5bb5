import type { Context } from '../call';
import type { QueryParams, RequestBody, RequestOptions, ResponseData, WorkspaceId } from '../types';

/** `/openapi/v1/workspaces/`: workspaces and their settings. */
export interface WorkspacesApi {
  /**
   * Lists the workspaces the key may access; `q` filters on name and description. Items use the
   * `hc1` spelling.
   *
   * @example
   * const all = await client.workspaces.list();
   * const sales = await client.workspaces.list({ q: 'sales' });
   */
  list(
    query?: QueryParams<'listWorkspaces'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'listWorkspaces'>>;

  /**
   * One workspace in detail (`hcl` spelling).
   *
   * @example
   * const workspace = await client.workspaces.get(7);
   * console.log(workspace.name, workspace.hcl);
   */
  get(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'getWorkspace'>>;

  /**
   * Creates a workspace; every field is optional.
   *
   * @example
   * const created = await client.workspaces.create({ name: 'Sales', hc1: true });
   */
  create(
    workspace: RequestBody<'createWorkspace'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'createWorkspace'>>;

  /**
   * Creates several workspaces, all or nothing.
   *
   * @example
   * const [a, b] = await client.workspaces.createMany([{ name: 'A' }, { name: 'B' }]);
   */
  createMany(
    workspaces: RequestBody<'createWorkspaces'>['workspaces'],
    options?: RequestOptions,
  ): Promise<ResponseData<'createWorkspaces'>>;

  /**
   * Edits a workspace; omitted fields keep their value.
   *
   * @example
   * const updated = await client.workspaces.update(7, { desc: 'Quarterly figures', hcl: false });
   */
  update(
    workspaceId: WorkspaceId,
    changes: RequestBody<'updateWorkspace'>,
    options?: RequestOptions,
  ): Promise<ResponseData<'updateWorkspace'>>;

  /**
   * Edits several workspaces, all or nothing; each item names its `id`.
   *
   * @example
   * await client.workspaces.updateMany([{ id: 7, name: 'Sales EU' }, { id: 8, dt: false }]);
   */
  updateMany(
    workspaces: RequestBody<'updateWorkspaces'>['workspaces'],
    options?: RequestOptions,
  ): Promise<ResponseData<'updateWorkspaces'>>;

  /**
   * Deletes a workspace and everything in it.
   *
   * @example
   * await client.workspaces.delete(7);
   */
  delete(workspaceId: WorkspaceId, options?: RequestOptions): Promise<ResponseData<'deleteWorkspace'>>;

  /**
   * Deletes several workspaces, all or nothing.
   *
   * @example
   * await client.workspaces.deleteMany([7, 8]);
   */
  deleteMany(
    workspaceIds: RequestBody<'deleteWorkspaces'>['workspaceIds'],
    options?: RequestOptions,
  ): Promise<ResponseData<'deleteWorkspaces'>>;
}

export const workspaces = ({ call }: Context): WorkspacesApi => ({
  list: (query, o) => call('listWorkspaces', { query }, o),
  get: (workspaceId, o) => call('getWorkspace', { path: { workspaceId } }, o),
  create: (body, o) => call('createWorkspace', { body }, o),
  createMany: (items, o) => call('createWorkspaces', { body: { workspaces: items } }, o),
  update: (workspaceId, body, o) => call('updateWorkspace', { path: { workspaceId }, body }, o),
  updateMany: (items, o) => call('updateWorkspaces', { body: { workspaces: items } }, o),
  delete: (workspaceId, o) => call('deleteWorkspace', { path: { workspaceId } }, o),
  deleteMany: (ids, o) => call('deleteWorkspaces', { body: { workspaceIds: ids } }, o),
});
