import type { Facade } from '../client';
import type { QueryParams, RequestBody, WorkspaceId } from '../types';
import { everyAccountProjects, wsadminKeys } from './keys';
import { type Affected, actionOf, below, mutationOf, only, queryOf } from './options';

const keys = wsadminKeys.workspaces;

/** Every view listing workspaces: the workspace lists, the key scope and the accounts' workspace lists. */
const listings = (): Affected => [below(keys.lists()), only(wsadminKeys.scopes()), everyAccountProjects()];

/** Query and mutation factories of `client.workspaces`. */
export const workspacesQueries = (client: Facade) => ({
  /**
   * The workspaces the key may access, optionally filtered.
   *
   * @example
   * const { data: workspaces } = useQuery(q.workspaces.list({ q: 'sales' }));
   */
  list: (query?: QueryParams<'listWorkspaces'>) =>
    queryOf(keys.list(query), (signal) => client.workspaces.list(query, { signal })),

  /**
   * One workspace in detail.
   *
   * @example
   * const { data: workspace } = useQuery(q.workspaces.get(7));
   */
  get: (workspaceId: WorkspaceId) =>
    queryOf(keys.detail(workspaceId), (signal) => client.workspaces.get(workspaceId, { signal })),

  /**
   * Creates a workspace (variables: the workspace); invalidates the workspace lists.
   *
   * @example
   * const create = useMutation(q.workspaces.create());
   * create.mutate({ name: 'Sales' });
   */
  create: () =>
    mutationOf(
      ['wsadmin', 'createWorkspace'],
      (workspace: RequestBody<'createWorkspace'>) => client.workspaces.create(workspace),
      listings,
    ),

  /**
   * Creates several workspaces (variables: the array); invalidates the workspace lists.
   *
   * @example
   * useMutation(q.workspaces.createMany()).mutate([{ name: 'A' }, { name: 'B' }]);
   */
  createMany: () =>
    mutationOf(
      ['wsadmin', 'createWorkspaces'],
      (workspaces: RequestBody<'createWorkspaces'>['workspaces']) => client.workspaces.createMany(workspaces),
      listings,
    ),

  /**
   * Edits a workspace (variables: the changes); invalidates its detail (not what is inside it) and
   * the workspace lists.
   *
   * @example
   * const update = useMutation(q.workspaces.update(7));
   * update.mutate({ desc: 'Quarterly figures' });
   */
  update: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'updateWorkspace', workspaceId],
      (changes: RequestBody<'updateWorkspace'>) => client.workspaces.update(workspaceId, changes),
      () => [only(keys.detail(workspaceId)), ...listings()],
    ),

  /**
   * Edits several workspaces (variables: the items, each with its `id`); invalidates their details
   * and the workspace lists.
   *
   * @example
   * useMutation(q.workspaces.updateMany()).mutate([{ id: 7, name: 'Sales EU' }]);
   */
  updateMany: () =>
    mutationOf(
      ['wsadmin', 'updateWorkspaces'],
      (workspaces: RequestBody<'updateWorkspaces'>['workspaces']) => client.workspaces.updateMany(workspaces),
      (items) => [...items.map(({ id }) => only(keys.detail(id))), ...listings()],
    ),

  /**
   * Deletes a workspace (no variables); invalidates everything inside it and the workspace lists.
   *
   * @example
   * useMutation(q.workspaces.delete(7)).mutate();
   */
  delete: (workspaceId: WorkspaceId) =>
    actionOf(
      ['wsadmin', 'deleteWorkspace', workspaceId],
      () => client.workspaces.delete(workspaceId),
      () => [below(keys.detail(workspaceId)), ...listings()],
    ),

  /**
   * Deletes several workspaces (variables: their ids); invalidates everything inside them and the
   * workspace lists.
   *
   * @example
   * useMutation(q.workspaces.deleteMany()).mutate([7, 8]);
   */
  deleteMany: () =>
    mutationOf(
      ['wsadmin', 'deleteWorkspaces'],
      (workspaceIds: RequestBody<'deleteWorkspaces'>['workspaceIds']) =>
        client.workspaces.deleteMany(workspaceIds),
      (ids) => [...ids.map((id) => below(keys.detail(id))), ...listings()],
    ),
});

export type WorkspacesQueries = ReturnType<typeof workspacesQueries>;
