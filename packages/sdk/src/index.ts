export {
  AUTH_DATA_KEY_CONTEXT,
  AUTH_DATA_TTL_SECONDS,
  type AuthDataPayload,
  base64url,
  type CreateAuthDataOptions,
  createAuthData,
  encodeAuthDataPayload,
  signAuthDataPayload,
} from './auth-data';
export type { Call, CallInput, PathInput } from './call';
export { type ClientOptions, createClient, type Facade, type WsadminClient } from './client';
export {
  AbortedError,
  ApiError,
  ConfigurationError,
  InvalidResponseError,
  isApiError,
  NetworkError,
  type Result,
  safe,
  TimeoutError,
  WsadminError,
} from './errors';
export type { Paged, PageRange } from './paging';
export type { Propagate } from './propagation';
export type { AccountsApi, AccountWorkspace, ProjectsQuery } from './resources/accounts';
export type { AuthApi } from './resources/auth';
export type { DimensionsApi, DimensionUpdateItems } from './resources/dimensions';
export {
  type ApplyRequest,
  type ApplyResult,
  isFinalOperation,
  type ManagedCollectionApi,
  type ManagedCollections,
  type ManagedCollectionsOf,
  type ManagementApi,
  type ManagementFactory,
  type ManagementKinds,
  type OperationRecord,
  type PollOptions,
  type SafeManagementApi,
} from './resources/management';
export type { MeasuresApi } from './resources/measures';
export type {
  GroupModelPermissionApi,
  MemberGroupApi,
  MemberGroupsApi,
  MemberGroupsFactory,
  RowPermissionApi,
} from './resources/member-groups';
export type {
  MemberApi,
  MemberModelPermissionApi,
  MemberModelPermissionInput,
  MemberModelPermissionItems,
  MembersApi,
  MembersFactory,
} from './resources/members';
export type { ScopesApi } from './resources/scopes';
export type { SourcesApi } from './resources/sources';
export type { TimeSeriesApi } from './resources/time-series';
export type { WorkspacesApi } from './resources/workspaces';
export {
  managementKinds,
  type PathOptions,
  pathOf,
  type RequestParts,
  type Route,
  type RouteId,
  requestOf,
  requestTo,
  routes,
} from './route-table';
export type { Safe, SafeClient } from './safe';
export { type RetryPolicy, retryAfterMs, type Sleep } from './transport';
export type * from './types';
