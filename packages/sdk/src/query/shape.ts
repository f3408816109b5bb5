import type { Facade } from '../client';
import type { facadeOperations } from '../generated/facade-operations';
import type { RoutePaths } from '../generated/route-paths';
import type { routes } from '../routes';
import type { OperationId, QueryParams } from '../types';
import type { WsadminMutationOptions, WsadminQueryOptions } from './options';

/** The types of the factories `derive.ts` builds, read from the same route table and link table. */

type Routes = typeof routes;

/** POSTs that read: queries, keyed by their URL and body. */
export type QueryPost = 'fetchAccount';
type Reads<K extends OperationId> = Routes[K]['method'] extends 'get'
  ? true
  : K extends QueryPost
    ? true
    : false;

/** A facade method's parameters without the trailing `RequestOptions`. */
type Args<A extends unknown[]> = number extends A['length']
  ? A
  : A extends [unknown?]
    ? []
    : A extends [infer H, ...infer T]
      ? [H, ...Args<T>]
      : A extends [(infer H)?, ...infer T]
        ? [H?, ...Args<T>]
        : [];
type Init<A extends unknown[]> = A extends [...infer I, unknown] ? I : [];
type Last<A extends unknown[]> = A extends [...unknown[], infer L] ? L : never;

/** The methods of the facade with their operations, a scope's over all its forms. */
type Leaves<Api, Map> = {
  [P in keyof Map & keyof Api]: Map[P] extends OperationId
    ? { id: Map[P]; method: Api[P] }
    : Api[P] extends { (...args: never): infer R; (...args: never): infer S }
      ? Leaves<R & S, Map[P]>
      : Leaves<Api[P], Map[P]>;
}[keyof Map & keyof Api];
type Leaf = Leaves<Facade, typeof facadeOperations>;
/** The arguments of the facade methods sending `K`, without `RequestOptions`. */
type MethodArgs<K extends OperationId> =
  Extract<Leaf, { id: K }> extends infer L
    ? L extends { method: (...args: infer A) => unknown }
      ? Args<A>
      : never
    : never;

/** The mutation variables of operation `K`, over every facade method calling it. */
export type VariablesOf<K extends OperationId> = Routes[K]['body'] extends true
  ? Last<MethodArgs<K>>
  : undefined;

/** The operations a derived query factory reads. */
export type ReadId = { [K in Leaf['id']]: Reads<K> extends true ? K : never }[Leaf['id']];

/** What a read's key holds besides its URL: a list's query, a POST read's body. */
type Extra<K extends OperationId> = K extends `list${string}`
  ? Routes[K]['query'] extends true
    ? [query: QueryParams<K>]
    : []
  : Routes[K]['body'] extends true
    ? [body: Last<MethodArgs<K>>]
    : [];

/** The key of a read, as `keyOf` builds it. */
export type KeyOf<K extends OperationId> = readonly [
  'wsadmin',
  ...RoutePaths[K]['segments'],
  ...(K extends `list${string}` ? ['list', ...Extra<K>] : Extra<K>),
];

/** The values of `wsadminKeys.of`: the path values in URL order, then the extra (a list's query optional). */
export type KeyValues<K extends OperationId> = [
  ...RoutePaths[K]['values'],
  ...(K extends `list${string}` ? Partial<Extra<K>> : Extra<K>),
];

/** What `q.…method(…)` is for a facade method `M` of operation `K`. */
export type FactoryOf<M, K extends OperationId> = M extends (...args: infer A) => Promise<infer D>
  ? Reads<K> extends true
    ? (...args: Args<A>) => WsadminQueryOptions<D, KeyOf<K>>
    : Routes[K]['body'] extends true
      ? (...args: Init<Args<A>>) => WsadminMutationOptions<D, Last<Args<A>>>
      : (...args: Args<A>) => WsadminMutationOptions<D, void>
  : never;

/**
 * The factories of an API object of the facade, along its part of `facadeOperations`. A scope of two
 * forms (`memberGroups(ws)`, `memberGroups(ws, id)`) keeps both, each with the factories of its form.
 */
export type QueriesOf<Api, Map> = {
  readonly [P in keyof Map & keyof Api]: Map[P] extends OperationId
    ? FactoryOf<Api[P], Map[P]>
    : Api[P] extends { (...args: infer A): infer R; (...args: infer B): infer S }
      ? { (...args: A): QueriesOf<R, Map[P]>; (...args: B): QueriesOf<S, Map[P]> }
      : QueriesOf<Api[P], Map[P]>;
};
