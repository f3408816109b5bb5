import type { Facade } from '../client';
import type { RequestBody, WorkspaceId } from '../types';
import { wsadminKeys } from './keys';
import { mutationOf, only, queryOf } from './options';

/** Query and mutation factories of `client.sources`. */
export const sourcesQueries = (client: Facade) => ({
  /**
   * The source catalogue of a workspace.
   *
   * @example
   * const { data } = useQuery(q.sources.get(7));
   */
  get: (workspaceId: WorkspaceId) =>
    queryOf(wsadminKeys.sources(workspaceId), (signal) => client.sources.get(workspaceId, { signal })),

  /**
   * Replaces the source catalogue (variables: the catalogue); invalidates it.
   *
   * @example
   * const { mutate } = useMutation(q.sources.set(7));
   * mutate({ tables: [{ name: 'orders', fields: ['id', 'region'] }] });
   */
  set: (workspaceId: WorkspaceId) =>
    mutationOf(
      ['wsadmin', 'setSourceCatalogue', workspaceId],
      (catalogue: RequestBody<'setSourceCatalogue'>) => client.sources.set(workspaceId, catalogue),
      () => [only(wsadminKeys.sources(workspaceId))],
    ),
});

export type SourcesQueries = ReturnType<typeof sourcesQueries>;
