import type { Facade } from '../client';
import { wsadminKeys } from './keys';
import { queryOf } from './options';

/** Query factories of `client.scopes`. */
export const scopesQueries = (client: Facade) => ({
  /**
   * The scope of the calling key.
   *
   * @example
   * const { data: scope } = useQuery(q.scopes.get());
   */
  get: () => queryOf(wsadminKeys.scopes(), (signal) => client.scopes.get({ signal })),
});

export type ScopesQueries = ReturnType<typeof scopesQueries>;
