import type { Facade } from '../client';
import { facadeOperations, type facadeSpecials } from '../generated/facade-operations';
import { PROJECTS_PAGE_SIZE, type ProjectsQuery } from '../resources/accounts';
import type {
  ApplyRequest,
  ApplyResult,
  ManagedCollectionApi,
  ManagementApi,
  PollOptions,
} from '../resources/management';
import type { MemberGroupApi, MemberGroupsApi } from '../resources/member-groups';
import type { MemberApi, MembersApi } from '../resources/members';
import { managementKinds } from '../routes';
import type {
  AccountUid,
  ManagementAction,
  ManagementCollection,
  MemberGroupId,
  MemberUid,
  OperationRecordId,
  ResponseData,
  WorkspaceId,
} from '../types';
import { changedObjects } from './affected';
import { derive, type Special } from './derive';
import { wsadminKeys } from './keys';
import {
  mutationOf,
  pagedQueryOf,
  queryOf,
  type WsadminInfiniteQueryOptions,
  type WsadminMutationOptions,
  type WsadminQueryOptions,
} from './options';
import type { QueriesOf } from './shape';

/*
 * The factories are derived, not written per method: `derive.ts` walks the facade and builds each
 * one from its route (see docs/decisions/0018-derived-query-layer.md). Written here are only the
 * factories that are not one request: the infinite query, the polling query, the apply flow, and
 * `collection(c)`, a scope chosen by value.
 */

type Ops = typeof facadeOperations;
type KindOperations<C extends ManagementCollection> = Ops['management'][(typeof managementKinds)[C]['facade']];

export type ScopesQueries = QueriesOf<Facade['scopes'], Ops['scopes']>;
export type WorkspacesQueries = QueriesOf<Facade['workspaces'], Ops['workspaces']>;
export type TimeSeriesQueries = QueriesOf<Facade['timeSeries'], Ops['timeSeries']>;
export type DimensionsQueries = QueriesOf<Facade['dimensions'], Ops['dimensions']>;
export type MeasuresQueries = QueriesOf<Facade['measures'], Ops['measures']>;
export type AuthQueries = QueriesOf<Facade['auth'], Ops['auth']>;
export type SourcesQueries = QueriesOf<Facade['sources'], Ops['sources']>;
export type MemberGroupsQueries = QueriesOf<MemberGroupsApi, Ops['memberGroups']>;
export type MemberGroupQueries = QueriesOf<MemberGroupApi, Ops['memberGroups']>;
export type MembersQueries = QueriesOf<MembersApi, Ops['members']>;
export type MemberQueries = QueriesOf<MemberApi, Ops['members']>;
/** `q.memberGroups(ws)` for the groups of a workspace, `q.memberGroups(ws, id)` for one group. */
export interface MemberGroupsQueriesFactory {
  (workspaceId: WorkspaceId): MemberGroupsQueries;
  (workspaceId: WorkspaceId, memberGroupId: MemberGroupId): MemberGroupQueries;
}
/** `q.members(ws)` for the members of a workspace, `q.members(ws, uid)` for one member. */
export interface MembersQueriesFactory {
  (workspaceId: WorkspaceId): MembersQueries;
  (workspaceId: WorkspaceId, memberUid: MemberUid): MemberQueries;
}

export type AccountsQueries = QueriesOf<Facade['accounts'], Ops['accounts']> & {
  /**
   * The workspaces of an account as an infinite query: one page per `offset`, the next page param
   * the offset after a full page (as the paging iterator of `client.accounts.projects`).
   *
   * @example
   * const { data, fetchNextPage } = useInfiniteQuery(q.accounts.projects(uid, { limit: 20 }));
   */
  projects(
    accountUid: AccountUid,
    query?: ProjectsQuery,
  ): WsadminInfiniteQueryOptions<
    ResponseData<'listAccountWorkspaces'>,
    ReturnType<typeof wsadminKeys.accounts.projects>
  >;
};

/** Factories of one object kind of the management interface; commits invalidate as `changedObjects` says. */
export type ManagedCollectionQueries<C extends ManagementCollection> = QueriesOf<
  ManagedCollectionApi<C>,
  KindOperations<C>
>;

/** Factories of the management interface of one workspace. */
export type ManagementQueries = QueriesOf<ManagementApi, Ops['management']> & {
  /**
   * An object kind by its path segment.
   *
   * @example
   * const { data } = useQuery(q.management(7).collection('dimension-tables').list());
   */
  collection<C extends ManagementCollection>(collection: C): ManagedCollectionQueries<C>;
  /**
   * An operation record polled until its state is final; cancelling the query stops the polling.
   *
   * @example
   * const { data: record } = useQuery(q.management(7).waitForOperation(operationId, { maxAttempts: 10 }));
   */
  waitForOperation(
    operationId: OperationRecordId,
    poll?: Omit<PollOptions, 'signal'>,
  ): WsadminQueryOptions<
    ResponseData<'getManagementOperation'>,
    ReturnType<typeof wsadminKeys.management.finalOperation>
  >;
  /**
   * The whole preview-then-commit flow as one mutation (variables: the `apply` request);
   * invalidates as a commit of that kind does.
   *
   * @example
   * useMutation(q.management(7).apply()).mutate({ collection: 'dimensions', action: 'create', changes });
   */
  apply<
    C extends ManagementCollection = ManagementCollection,
    A extends ManagementAction = ManagementAction,
  >(): WsadminMutationOptions<ApplyResult<C, A>, ApplyRequest<C, A>>;
};
/** `q.management(ws)`: query and mutation factories of the management interface of a workspace. */
export type ManagementQueriesFactory = (workspaceId: WorkspaceId) => ManagementQueries;

/**
 * TanStack Query factories of the whole facade: reads return query options (`queryKey`, `queryFn`),
 * `accounts.projects` infinite-query options, writes mutation options whose `onSuccess`
 * invalidates the queries they affect. Path arguments go to the factory; a write's body is the
 * mutation's variables.
 */
export interface WsadminQueries
  extends QueriesOf<Omit<Facade, 'memberGroups' | 'members' | 'accounts' | 'management'>, Ops> {
  readonly accounts: AccountsQueries;
  readonly memberGroups: MemberGroupsQueriesFactory;
  readonly members: MembersQueriesFactory;
  readonly management: ManagementQueriesFactory;
}

type ManagementScope = ManagementApi & Record<string, unknown>;
const specials = {
  'accounts.projects':
    (api) =>
    (accountUid: AccountUid, query: ProjectsQuery = {}) => {
      const limit = query.limit ?? PROJECTS_PAGE_SIZE;
      const accountsApi = api as unknown as Facade['accounts'];
      return pagedQueryOf(
        wsadminKeys.accounts.projects(accountUid, query),
        (offset, signal) => accountsApi.projects(accountUid, query, { signal }).page({ offset, limit }),
        query.offset ?? 0,
        limit,
      );
    },
  'management.collection': (api, scope) => (collection: ManagementCollection) =>
    derive(
      (api as ManagementScope).collection(collection) as never,
      facadeOperations.management[managementKinds[collection].facade],
      {},
      scope,
    ),
  'management.waitForOperation':
    (api, [ws]) =>
    (operationId: OperationRecordId, poll: Omit<PollOptions, 'signal'> = {}) =>
      queryOf(wsadminKeys.management.finalOperation(ws as WorkspaceId, operationId), (signal) =>
        (api as ManagementScope).waitForOperation(operationId, { ...poll, signal }),
      ),
  'management.apply':
    (api, [ws]) =>
    () =>
      mutationOf(
        ['wsadmin', 'apply', ws],
        (request: ApplyRequest<ManagementCollection, ManagementAction>) =>
          (api as ManagementScope).apply(request),
        (request) =>
          changedObjects(
            ws as WorkspaceId,
            request.collection,
            request.targetId === undefined ? [] : [request.targetId],
          ),
      ),
} satisfies Record<(typeof facadeSpecials)[number], Special>;

/**
 * Turns a client (or any object with the facade) into TanStack Query factories. Framework-free:
 * the options work with `@tanstack/react-query`, `vue-query`, `solid-query`, `svelte-query` and a
 * bare `QueryClient` (v5.90 or later: invalidation uses the client TanStack passes to `onSuccess`).
 * Each factory is derived from the facade method and its route (a GET is a query, any other method
 * a mutation); what a write invalidates is its entry in one table keyed by operationId.
 *
 * @example
 * import { createClient } from '@wsadmin/sdk';
 * import { createQueries } from '@wsadmin/sdk/query';
 * import { useMutation, useQuery } from '@tanstack/react-query';
 *
 * const q = createQueries(createClient({ baseUrl, key }));
 * const { data: workspace } = useQuery(q.workspaces.get(7));
 * const rename = useMutation(q.workspaces.update(7)); // refetches workspace 7 and the lists
 * rename.mutate({ name: 'Sales EU' });
 */
export function createQueries(client: Facade): WsadminQueries {
  return derive(
    client as unknown as Record<string, unknown>,
    facadeOperations,
    specials,
  ) as unknown as WsadminQueries;
}

export { everyAccountProjects, wsadminKeys } from './keys';
export type {
  Affected,
  WsadminInfiniteQueryOptions,
  WsadminMutationOptions,
  WsadminQueryOptions,
} from './options';
