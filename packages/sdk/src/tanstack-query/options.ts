import type {
  DataTag,
  DefaultError,
  GetNextPageParamFunction,
  InfiniteData,
  InvalidateQueryFilters,
  MutationFunction,
  MutationKey,
  MutationOptions,
  QueryFunctionContext,
  QueryKey,
} from '@tanstack/query-core';
import type { ReadId, ReadKeys } from '../generated/query-factories';

/**
 * What every query factory returns: the two options TanStack needs, the key tagged with the data
 * type so `queryClient.getQueryData(key)` is typed too. Spread it to add options of your own.
 * Assignable to the options of `useQuery` (React, Vue, Solid, Svelte, Angular) and of
 * `queryClient.fetchQuery`.
 */
export interface WsadminQueryOptions<TData, TKey extends QueryKey> {
  queryKey: DataTag<TKey, TData>;
  queryFn: (context: QueryFunctionContext<TKey>) => Promise<TData>;
}

/** What the infinite-query factories return, paged by `offset` (the page param). */
export interface WsadminInfiniteQueryOptions<TPage, TKey extends QueryKey> {
  queryKey: DataTag<TKey, InfiniteData<TPage, number>>;
  queryFn: (context: QueryFunctionContext<TKey, number>) => Promise<TPage>;
  initialPageParam: number;
  getNextPageParam: GetNextPageParamFunction<number, TPage>;
}

/**
 * What every mutation factory returns. `onSuccess` invalidates the queries the write affects (and
 * resolves once the active ones are refetched); when you add your own `onSuccess`, call this one too.
 */
export interface WsadminMutationOptions<TData, TVariables>
  extends MutationOptions<TData, DefaultError, TVariables> {
  mutationKey: MutationKey;
  mutationFn: MutationFunction<TData, TVariables>;
  onSuccess: (
    ...args: Parameters<NonNullable<MutationOptions<TData, DefaultError, TVariables>['onSuccess']>>
  ) => Promise<void>;
}

/** The queries a write makes stale: key prefixes, exact keys, or a predicate. */
export type Affected = InvalidateQueryFilters[];

/** Builds query options from a key and a load function that receives TanStack's `AbortSignal`. */
export function queryOf<TKey extends QueryKey, TData>(
  queryKey: TKey,
  load: (signal: AbortSignal) => Promise<TData>,
): WsadminQueryOptions<TData, TKey> {
  return { queryKey: queryKey as DataTag<TKey, TData>, queryFn: ({ signal }) => load(signal) };
}

/**
 * Builds infinite-query options over `offset`/`limit` pages: the page param is the offset, and the
 * next one follows a full page, as the paging iterator of the SDK stops at the first short page.
 */
export function pagedQueryOf<TKey extends QueryKey, TItem>(
  queryKey: TKey,
  loadPage: (offset: number, signal: AbortSignal) => Promise<TItem[]>,
  firstOffset: number,
  limit: number,
): WsadminInfiniteQueryOptions<TItem[], TKey> {
  return {
    queryKey: queryKey as DataTag<TKey, InfiniteData<TItem[], number>>,
    queryFn: ({ pageParam, signal }) => loadPage(pageParam, signal),
    initialPageParam: firstOffset,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length < limit ? undefined : lastOffset + limit,
  };
}

/**
 * Builds mutation options: `run` performs the write, `affected` names the queries it makes stale,
 * invalidated through the `QueryClient` TanStack passes to `onSuccess` (`context.client`, v5.90+).
 */
export function mutationOf<TData, TVariables>(
  mutationKey: MutationKey,
  run: (variables: TVariables) => Promise<TData>,
  affected: (variables: TVariables, data: TData) => Affected,
): WsadminMutationOptions<TData, TVariables> {
  return {
    mutationKey,
    mutationFn: (variables) => run(variables),
    onSuccess: async (data, variables, _onMutateResult, { client }) => {
      await Promise.all(affected(variables, data).map((filters) => client.invalidateQueries(filters)));
    },
  };
}

/** Key prefix filter: the key and everything below it. */
export const below = (queryKey: QueryKey): InvalidateQueryFilters => ({ queryKey });
/** Exact key filter: only that query, not the ones below it. */
export const only = (queryKey: QueryKey): InvalidateQueryFilters => ({ queryKey, exact: true });

/* The pieces `generated/query-factories.ts` spells each factory type with. */

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

/** The read of method `M`, sending `K`: its arguments make the key. */
export type Query<M, K extends ReadId> = M extends (...args: infer A) => Promise<infer D>
  ? (...args: Args<A>) => WsadminQueryOptions<D, ReadKeys[K]['key']>
  : never;
/** A write without a body: the arguments name what it changes. */
export type Mutation<M> = M extends (...args: infer A) => Promise<infer D>
  ? (...args: Args<A>) => WsadminMutationOptions<D, void>
  : never;
/** A write with a body: the method's last argument becomes the mutation's variables. */
export type BodyMutation<M> = M extends (...args: infer A) => Promise<infer D>
  ? (...args: Init<Args<A>>) => WsadminMutationOptions<D, Last<Args<A>>>
  : never;
/** The body method `M` sends. */
export type Body<M> = M extends (...args: infer A) => unknown ? Last<Args<A>> : never;

/** The form of a scope called with `N` values (`memberGroups(ws)`, `memberGroups(ws, id)`): values, API. */
export type Form<S, N extends number> = Extract<
  S extends { (...values: infer A): infer R; (...values: infer B): infer T } ? [A, R] | [B, T] : never,
  [{ length: N }, unknown]
>;
