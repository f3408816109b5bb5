import { type InfiniteData, QueryClient } from '@tanstack/query-core';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from '../client';
import type { components, RequestBody } from '../types';
import { createQueries, wsadminKeys } from './index';

/**
 * Type tests of the query factories (checked by `tsc`, no-ops under vitest): the data of a query,
 * the variables and data of a mutation and the data of the cache all follow the contract. Fetches
 * are wrapped in functions that are never called (no request is sent); so are the functions
 * holding hooks or `@ts-expect-error` lines.
 */

type S = components['schemas'];
const q = createQueries(
  createClient({ baseUrl: 'http://wsadmin.test', key: 'k', fetch: async () => new Response() }),
);
const queryClient = new QueryClient();

describe('query data follows the contract', () => {
  it('a query resolves the operation data, and the cache is typed by the key', () => {
    expectTypeOf(() => queryClient.fetchQuery(q.workspaces.get(7))).returns.resolves.toEqualTypeOf<
      S['Workspace']
    >();
    expectTypeOf(() => queryClient.fetchQuery(q.workspaces.list())).returns.resolves.toEqualTypeOf<
      S['WorkspaceListItem'][]
    >();
    expectTypeOf(queryClient.getQueryData(q.workspaces.get(7).queryKey)).toEqualTypeOf<
      S['Workspace'] | undefined
    >();
    expectTypeOf(q.workspaces.get(7).queryKey).toExtend<readonly ['wsadmin', 'workspaces', number]>();
    expectTypeOf(() => queryClient.fetchQuery(q.accounts.fetch('alice'))).returns.resolves.toEqualTypeOf<
      S['Account'] | null
    >();
    expectTypeOf(() =>
      queryClient.fetchQuery(q.management(1).dimensions.get(3)),
    ).returns.resolves.toEqualTypeOf<S['ManagedDimension']>();
    expectTypeOf(() =>
      queryClient.fetchQuery(q.memberGroups(1, 2).rowPermission.get()),
    ).returns.resolves.toEqualTypeOf<S['RowPermissionSetting']>();
  });

  it('accounts.projects pages are arrays of account workspaces, paged by offset', () => {
    expectTypeOf(() =>
      queryClient.fetchInfiniteQuery(q.accounts.projects('u')),
    ).returns.resolves.toEqualTypeOf<InfiniteData<S['AccountWorkspace'][], number>>();
  });

  it('mutation variables are the request body; data is the answer', () => {
    expectTypeOf(q.workspaces.update(7).mutationFn)
      .parameter(0)
      .toEqualTypeOf<RequestBody<'updateWorkspace'>>();
    expectTypeOf(q.workspaces.update(7).mutationFn).returns.resolves.toEqualTypeOf<S['Workspace']>();
    expectTypeOf(q.workspaces.delete(7).mutationFn).parameter(0).toEqualTypeOf<void>();
    expectTypeOf(q.dimensions.create(7).mutationFn).parameter(0).toEqualTypeOf<S['DimensionCreate'][]>();
    expectTypeOf(q.management(1).measures.commitUpdate(9).mutationFn).returns.resolves.toEqualTypeOf<
      S['MeasureCommitResult']
    >();
  });

  it('the keys are plain serialisable tuples', () => {
    expectTypeOf(wsadminKeys.workspaces.detail(7)).toEqualTypeOf<
      readonly ['wsadmin', 'workspaces', number]
    >();
    expectTypeOf(wsadminKeys.of('getTimeSeries', 7, 3)).toEqualTypeOf<
      readonly ['wsadmin', 'workspaces', number, 'time-series', number]
    >();
  });
});

// Never called: hooks of an adapter accept the options and type their results from them.
export function WithReact() {
  const { data } = useQuery(q.workspaces.get(7));
  expectTypeOf(data).toEqualTypeOf<S['Workspace'] | undefined>();
  const selected = useQuery({ ...q.workspaces.list(), select: (items) => items.map((w) => w.hc1) });
  expectTypeOf(selected.data).toEqualTypeOf<boolean[] | undefined>();
  const projects = useInfiniteQuery(q.accounts.projects('u', { limit: 20 }));
  expectTypeOf(projects.data?.pages).toEqualTypeOf<S['AccountWorkspace'][][] | undefined>();
  const update = useMutation(q.workspaces.update(7));
  expectTypeOf(update.mutate).parameter(0).toEqualTypeOf<RequestBody<'updateWorkspace'>>();
  const remove = useMutation(q.workspaces.delete(7));
  remove.mutate();
}

// Never called: each @ts-expect-error line must fail to compile.
export function wrongUsesDoNotCompile() {
  // @ts-expect-error the detail spells it hcl
  queryClient.fetchQuery(q.workspaces.get(7)).then((workspace) => workspace.hc1);
  // @ts-expect-error the workspace id is a number
  q.workspaces.get('7');
  // @ts-expect-error unknown field in the changes of a workspace
  q.workspaces.update(7).mutationFn({ nam: 'x' }, { client: queryClient, meta: undefined });
  // @ts-expect-error a dimension needs type, format and names
  q.dimensions.create(7).mutationFn([{ names: ['region'] }], { client: queryClient, meta: undefined });
  // @ts-expect-error a member group id is required for its permissions
  q.memberGroups(1).rowPermission;
}
