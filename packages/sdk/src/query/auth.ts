import type { Facade } from '../client';
import type { RequestBody } from '../types';
import { mutationOf } from './options';

/** Mutation factory of `client.auth`: a check on demand, nothing to cache or invalidate. */
export const authQueries = (client: Facade) => ({
  /**
   * Checks a login string (variables: the string); resolves `true` or `false`.
   *
   * @example
   * const check = useMutation(q.auth.check());
   * check.mutate(authData, { onSuccess: (valid) => setValid(valid) });
   */
  check: () =>
    mutationOf(
      ['wsadmin', 'checkAuthData'],
      (authData: RequestBody<'checkAuthData'>['authData']) => client.auth.check(authData),
      () => [],
    ),
});

export type AuthQueries = ReturnType<typeof authQueries>;
