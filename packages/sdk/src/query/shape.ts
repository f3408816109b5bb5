import type { Facade } from '../client';
import type { routes } from '../generated/routes';
import type { ManagementApi } from '../resources/management';
import type { MemberGroupApi, MemberGroupsApi } from '../resources/member-groups';
import type { MemberApi, MembersApi } from '../resources/members';
import type { OperationId, PathParams, QueryParams } from '../types';
import type { facadeOperations, ManagementOperations } from './operations';
import type { WsadminMutationOptions, WsadminQueryOptions } from './options';

/**
 * The types of the derived factories, read from the route table as the run time does
 * (`derive.ts`): a GET (or `fetchAccount`, a POST that reads) gives query options keyed by its URL,
 * any other method mutation options whose variables are the facade method's last argument when the
 * route has a body, `void` when it has none.
 */

type Routes = typeof routes;
type Path<K extends OperationId> = Routes[K]['path'] extends `/openapi/v1/${infer P}` ? P : never;

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

type Segment<S extends string, K extends OperationId> = S extends ''
  ? []
  : S extends `{${infer N}}`
    ? [N extends keyof PathParams<K> ? PathParams<K>[N] : never]
    : [S];
type Segments<P extends string, K extends OperationId> = P extends `${infer S}/${infer R}`
  ? [...Segment<S, K>, ...Segments<R, K>]
  : Segment<P, K>;
/** A list is marked `list` and keyed by its query; a POST read by its body. */
type Tail<K extends OperationId, A extends unknown[]> = K extends `list${string}`
  ? ['list', ...(Routes[K]['query'] extends true ? [QueryParams<K>] : [])]
  : Routes[K]['body'] extends true
    ? [Last<Required<A>>]
    : [];

type Value<S extends string, K extends OperationId> = S extends `{${infer N}}`
  ? [N extends keyof PathParams<K> ? PathParams<K>[N] : never]
  : [];
type Values<P extends string, K extends OperationId> = P extends `${infer S}/${infer R}`
  ? [...Value<S, K>, ...Values<R, K>]
  : Value<P, K>;
/** The path values of an operation, in the URL's order. */
export type PathValues<K extends OperationId> = Values<Path<K>, K>;

/** The key of a read: `'wsadmin'`, the URL's segments with the path values, then its tail. */
export type KeyOf<K extends OperationId, A extends unknown[] = []> = readonly [
  'wsadmin',
  ...Segments<Path<K>, K>,
  ...Tail<K, A>,
];

/** What `q.…method(…)` is for a facade method `M` of operation `K`. */
export type FactoryOf<M, K extends OperationId> = M extends (...args: infer A) => Promise<infer D>
  ? Reads<K> extends true
    ? (...args: Args<A>) => WsadminQueryOptions<D, KeyOf<K, Args<A>>>
    : Routes[K]['body'] extends true
      ? (...args: Init<Args<A>>) => WsadminMutationOptions<D, Last<Args<A>>>
      : (...args: Args<A>) => WsadminMutationOptions<D, void>
  : never;

/** The factories of an API object of the facade, along its part of `facadeOperations`. */
export type QueriesOf<Api, Map> = {
  readonly [P in keyof Map & keyof Api]: Map[P] extends OperationId
    ? FactoryOf<Api[P], Map[P]>
    : QueriesOf<Api[P], Map[P]>;
};

/** The facade with its scopes opened: the shape `facadeOperations` follows. */
type FacadeTree = Omit<Facade, 'memberGroups' | 'members' | 'management'> & {
  memberGroups: MemberGroupsApi & MemberGroupApi;
  members: MembersApi & MemberApi;
  management: ManagementApi;
};
type Operations = Omit<typeof facadeOperations, 'management'> & { management: ManagementOperations };
type Leaves<Api, Map> = {
  [P in keyof Map & keyof Api]: Map[P] extends OperationId
    ? { id: Map[P]; method: Api[P] }
    : Leaves<Api[P], Map[P]>;
}[keyof Map & keyof Api];
type Leaf = Leaves<FacadeTree, Operations>;

/** The mutation variables of operation `K`, over every facade method calling it. */
export type VariablesOf<K extends OperationId> =
  Extract<Leaf, { id: K }> extends infer L
    ? L extends { method: (...args: infer A) => unknown }
      ? Routes[K]['body'] extends true
        ? Last<Args<A>>
        : undefined
      : never
    : never;
