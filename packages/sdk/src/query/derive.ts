import { routes } from '../routes';
import type { OperationId } from '../types';
import { invalidationOf } from './invalidation';
import { keyOf } from './keys';
import { mutationOf, queryOf } from './options';
import type { QueryPost } from './shape';

/**
 * Factories derived from the facade and the route table, as `safe.ts` derives the safe facade: the
 * factory tree walks the facade object, and each method named in `facadeOperations` becomes one
 * factory whose kind, arguments and key come from its route. Values given to scopes
 * (`memberGroups(ws, id)`) and to the factory fill the route's path parameters in order.
 *
 * - A GET, or a POST that reads (`fetchAccount`), is a query: the factory takes the method's
 *   arguments, `queryFn` calls it with TanStack's `signal`, and the key is the URL's segments with
 *   the path values, then `'list'` and the query for lists, the body for a POST read.
 * - Any other method is a mutation: the factory takes the path arguments, the variables are the
 *   body (none when the route has none), `mutationKey` is `['wsadmin', operationId, ...path]`,
 *   and `onSuccess` invalidates what the operation's entry in `invalidation.ts` names.
 */

/** A part of the generated `facadeOperations`: operationIds, nested objects and scopes. */
export interface OperationTree {
  readonly [name: string]: OperationId | OperationTree;
}

/** A factory written by hand (infinite query, polling, the apply flow), given its API object and scope. */
export type Special = (api: Api, scope: readonly unknown[]) => unknown;
type Api = Record<string, unknown>;
type Method = (...args: unknown[]) => Promise<unknown>;

/** The POSTs that read, hence queries (the login check and previews are mutations run on demand). */
const QUERY_POSTS: ReadonlySet<OperationId> = new Set<QueryPost>(['fetchAccount']);

function factoryOf(operationId: OperationId, api: Api, name: string, scope: readonly unknown[]) {
  const route = routes[operationId];
  const method = (...args: unknown[]) => (api[name] as Method)(...args);
  const names = Object.keys(route.params);
  if (route.method === 'get' || QUERY_POSTS.has(operationId)) {
    // The method's own arguments before its RequestOptions: path values, then the query or body.
    const arity = names.length - scope.length + (route.query || route.body ? 1 : 0);
    return (...args: unknown[]) =>
      queryOf(keyOf(operationId, [...scope, ...args]), (signal) =>
        method(...Array.from({ length: arity }, (_, i) => args[i]), { signal }),
      );
  }
  return (...args: unknown[]) => {
    const path = Object.fromEntries(names.map((param, i) => [param, [...scope, ...args][i]]));
    return mutationOf(
      ['wsadmin', operationId, ...scope, ...args],
      (variables: unknown) => method(...args, ...(route.body ? [variables] : [])),
      (variables: unknown) => invalidationOf(operationId, path, variables),
    );
  };
}

/**
 * The factories of one API object of the facade: an operation per method named in `operations`,
 * a nested tree per nested object, a function per scope (called on the facade when the factory is),
 * and the `specials` under their dotted names. What `operations` does not name (`safe`, `raw`) is left
 * out; a facade method missing there fails the coverage test.
 */
export function derive(
  api: Api,
  operations: OperationTree,
  specials: Readonly<Record<string, Special>>,
  scope: readonly unknown[] = [],
  at = '',
): Api {
  const factories: Api = {};
  for (const [name, value] of Object.entries(api)) {
    const dotted = `${at}${name}`;
    const special = specials[dotted];
    const node = operations[name];
    if (special) factories[name] = special(api, scope);
    else if (typeof node === 'string') factories[name] = factoryOf(node, api, name, scope);
    else if (node && typeof value === 'function')
      factories[name] = (...args: unknown[]) =>
        derive(value(...args) as Api, node, specials, [...scope, ...args], `${dotted}.`);
    else if (node && typeof value === 'object' && value !== null)
      factories[name] = derive(value as Api, node, specials, scope, `${dotted}.`);
  }
  return factories;
}
