import type { Facade } from '../client';
import { type AccountsQueries, accountsQueries } from './accounts';
import { type AuthQueries, authQueries } from './auth';
import { type DimensionsQueries, dimensionsQueries } from './dimensions';
import { type ManagementQueriesFactory, managementQueries } from './management';
import { type MeasuresQueries, measuresQueries } from './measures';
import { type MemberGroupsQueriesFactory, memberGroupsQueries } from './member-groups';
import { type MembersQueriesFactory, membersQueries } from './members';
import { type ScopesQueries, scopesQueries } from './scopes';
import { type SourcesQueries, sourcesQueries } from './sources';
import { type TimeSeriesQueries, timeSeriesQueries } from './time-series';
import { type WorkspacesQueries, workspacesQueries } from './workspaces';

/**
 * TanStack Query factories mirroring the facade: reads return query options (`queryKey`,
 * `queryFn`), `accounts.projects` infinite-query options, writes mutation options whose
 * `onSuccess` invalidates the queries they affect. Path arguments go to the factory; a write's
 * body is the mutation's variables.
 */
export interface WsadminQueries {
  readonly scopes: ScopesQueries;
  readonly workspaces: WorkspacesQueries;
  readonly timeSeries: TimeSeriesQueries;
  readonly dimensions: DimensionsQueries;
  readonly measures: MeasuresQueries;
  readonly memberGroups: MemberGroupsQueriesFactory;
  readonly members: MembersQueriesFactory;
  readonly accounts: AccountsQueries;
  readonly auth: AuthQueries;
  readonly management: ManagementQueriesFactory;
  readonly sources: SourcesQueries;
}

/**
 * Turns a client (or any object with the facade) into TanStack Query factories. Framework-free:
 * the options work with `@tanstack/react-query`, `vue-query`, `solid-query`, `svelte-query` and a
 * bare `QueryClient` (v5.90 or later: invalidation uses the client TanStack passes to `onSuccess`).
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
  return {
    scopes: scopesQueries(client),
    workspaces: workspacesQueries(client),
    timeSeries: timeSeriesQueries(client),
    dimensions: dimensionsQueries(client),
    measures: measuresQueries(client),
    memberGroups: memberGroupsQueries(client),
    members: membersQueries(client),
    accounts: accountsQueries(client),
    auth: authQueries(client),
    management: managementQueries(client),
    sources: sourcesQueries(client),
  };
}

export type { AccountsQueries } from './accounts';
export type { AuthQueries } from './auth';
export type { DimensionsQueries } from './dimensions';
export { everyAccountProjects, wsadminKeys } from './keys';
export type {
  ManagedCollectionQueries,
  ManagementQueries,
  ManagementQueriesFactory,
} from './management';
export type { MeasuresQueries } from './measures';
export type { MemberGroupQueries, MemberGroupsQueries, MemberGroupsQueriesFactory } from './member-groups';
export type { MemberQueries, MembersQueries, MembersQueriesFactory } from './members';
export type {
  Affected,
  WsadminInfiniteQueryOptions,
  WsadminMutationOptions,
  WsadminQueryOptions,
} from './options';
export type { ScopesQueries } from './scopes';
export type { SourcesQueries } from './sources';
export type { TimeSeriesQueries } from './time-series';
export type { WorkspacesQueries } from './workspaces';
