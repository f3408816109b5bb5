import { routes } from '../route-table';
import type { OperationId } from '../types';
import { invalidationOf } from './invalidation';
import { keyOf } from './keys';
import { mutationOf, queryOf } from './options';

/**
 * The factories derived from the facade, the link table and the route table (decision 0018), as
 * `safe.ts` derives the safe facade. Scope values (`memberGroups(ws, id)`) and factory arguments fill
 * the route's path parameters in order. A GET, or a POST that reads, is a query whose `queryFn` passes
 * TanStack's `signal`; any other method a mutation whose variables are the body (none without one).
 */

/** A part of the generated `facadeOperations`: operationIds, nested objects and scopes. */
export interface OperationTree {
  readonly [name: string]: OperationId | OperationTree;
}

/** A factory written by hand, given the API object holding its method, the scope and the sibling factories. */
export type Special = (api: never, scope: readonly unknown[], siblings: Api) => unknown;
/** The hand-written factories along the facade, as `operations` holds the derived ones. */
export interface SpecialTree {
  readonly [name: string]: Special | SpecialTree;
}
type Api = Record<string, unknown>;

/** The POSTs that read, hence queries (the login check and previews are mutations run on demand). */
export const QUERY_POSTS: ReadonlySet<OperationId> = new Set(['fetchAccount']);

function factoryOf(operationId: OperationId, api: Api, name: string, scope: readonly unknown[]) {
  const route = routes[operationId];
  const method = (...args: unknown[]) => (api[name] as (...values: unknown[]) => Promise<unknown>)(...args);
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
 * The factories of one API object of the facade: one per method named in `operations`, a nested
 * tree per nested object, a function per scope (calling the facade's scope when it is called), and
 * the `specials`. What neither names (`safe`, `raw`) is left out.
 */
export function derive(
  api: Api,
  operations: OperationTree,
  specials: SpecialTree,
  scope: readonly unknown[] = [],
): Api {
  const factories: Api = {};
  for (const [name, value] of Object.entries(api)) {
    const special = specials[name];
    const inner = typeof special === 'object' ? special : {};
    const node = operations[name];
    if (typeof special === 'function') factories[name] = special(api as never, scope, factories);
    else if (typeof node === 'string') factories[name] = factoryOf(node, api, name, scope);
    else if (node && typeof value === 'function')
      factories[name] = (...args: unknown[]) =>
        derive(value(...args) as Api, node, inner, [...scope, ...args]);
    else if (node && typeof value === 'object' && value !== null)
      factories[name] = derive(value as Api, node, inner, scope);
  }
  return factories;
}
