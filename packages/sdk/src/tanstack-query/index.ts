import type { Facade } from '../client';
import { facadeOperations, type facadeSpecials } from '../generated/facade-operations';
import type { FacadeQueries } from '../generated/query-factories';
import { PROJECTS_PAGE_SIZE, type ProjectsQuery } from '../resources/accounts';
import type { ApplyRequest, ManagementApi, PollOptions } from '../resources/management';
import { managementKinds } from '../route-table';
import type {
  AccountUid,
  ManagementAction,
  ManagementCollection,
  OperationRecordId,
  WorkspaceId,
} from '../types';
import { derive, type Special } from './derive';
import { changedObjects } from './invalidation';
import { wsadminKeys } from './keys';
import { mutationOf, pagedQueryOf, queryOf } from './options';

type Specials = typeof facadeSpecials;

/** The factories of the facade methods that are not one request (`facadeSpecials`), by API object. */
const handWritten = {
  accounts: {
    /**
     * The workspaces of an account as an infinite query: one page per `offset`, the next page param
     * the offset after a full page (as the paging iterator of `client.accounts.projects`).
     *
     * @example
     * const { data, fetchNextPage } = useInfiniteQuery(q.accounts.projects(uid, { limit: 20 }));
     */
    projects:
      (accounts: Facade['accounts']) =>
      (accountUid: AccountUid, query: ProjectsQuery = {}) => {
        const limit = query.limit ?? PROJECTS_PAGE_SIZE;
        return pagedQueryOf(
          wsadminKeys.accounts.projects(accountUid, query),
          (offset, signal) => accounts.projects(accountUid, query, { signal }).page({ offset, limit }),
          query.offset ?? 0,
          limit,
        );
      },
  },
  management: {
    /**
     * An object kind by its path segment.
     *
     * @example
     * const { data } = useQuery(q.management(7).collection('dimension-tables').list());
     */
    collection:
      (_api: unknown, _scope: unknown, kinds: Readonly<Record<string, unknown>>) =>
      <C extends ManagementCollection>(collection: C) =>
        kinds[managementKinds[collection].facade] as ManagedCollectionQueries<C>,
    /**
     * An operation record polled until its state is final; cancelling the query stops the polling.
     *
     * @example
     * const { data: record } = useQuery(q.management(7).waitForOperation(operationId, { maxAttempts: 10 }));
     */
    waitForOperation:
      (management: ManagementApi, [ws]: readonly unknown[]) =>
      (operationId: OperationRecordId, poll: Omit<PollOptions, 'signal'> = {}) =>
        queryOf(wsadminKeys.management.finalOperation(ws as WorkspaceId, operationId), (signal) =>
          management.waitForOperation(operationId, { ...poll, signal }),
        ),
    /**
     * The whole preview-then-commit flow as one mutation (variables: the `apply` request);
     * invalidates as a commit of that kind does.
     *
     * @example
     * useMutation(q.management(7).apply()).mutate({ collection: 'dimensions', action: 'create', changes });
     */
    apply:
      (management: ManagementApi, [ws]: readonly unknown[]) =>
      <
        C extends ManagementCollection = ManagementCollection,
        A extends ManagementAction = ManagementAction,
      >() =>
        mutationOf(
          ['wsadmin', 'apply', ws],
          (request: ApplyRequest<C, A>) => management.apply(request),
          ({ collection, targetId }) =>
            changedObjects(ws as WorkspaceId, collection, targetId === undefined ? [] : [targetId]),
        ),
  },
} satisfies { [A in keyof Specials]: Record<Specials[A][number], Special> };

type Made<Special> = Special extends (...args: never) => infer Factory ? Factory : never;
/** The factories the hand-written specials of the API object `A` make. */
export type HandWritten<A extends keyof Specials> = {
  readonly [K in keyof (typeof handWritten)[A]]: Made<(typeof handWritten)[A][K]>;
};

/** Factories of the accounts: derived, and the infinite query of an account's workspaces. */
export type AccountsQueries = WsadminQueries['accounts'];
/** Factories of the management interface of one workspace: its kinds, reads and hand-written flows. */
export type ManagementQueries = ReturnType<WsadminQueries['management']>;
/** Factories of one object kind of the management interface (`q.management(7).dimensions`). */
export type ManagedCollectionQueries<C extends ManagementCollection> =
  ManagementQueries[(typeof managementKinds)[C]['facade']];

/**
 * The factories of the whole facade (`createQueries`): path arguments go to the factory, scopes
 * included (`q.memberGroups(ws, id)`); a write's body is the mutation's variables.
 *
 * @example
 * function Workspace({ q }: { q: WsadminQueries }) {
 *   const { data } = useQuery(q.workspaces.get(7));
 * }
 */
export interface WsadminQueries extends FacadeQueries {}

/**
 * Turns a client (or any object with the facade) into TanStack Query factories, for every adapter
 * of `@tanstack/query-core` 5.90+ (invalidation uses the client TanStack passes to `onSuccess`).
 * A GET is a query, any other method a mutation invalidating what its write makes stale.
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
  return derive(client as never, facadeOperations, handWritten) as unknown as WsadminQueries;
}

export { everyAccountProjects, wsadminKeys } from './keys';
export type {
  Affected,
  WsadminInfiniteQueryOptions,
  WsadminMutationOptions,
  WsadminQueryOptions,
} from './options';
