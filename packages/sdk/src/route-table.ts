import {
  assertOperationId,
  pathOf as contractPathOf,
  requestOf as contractRequestOf,
  type PathOptions,
  type RequestParts,
  RouteError,
  type RouteId,
  routeRequest,
} from '@wsadmin/contract/routes';
import { ConfigurationError } from './errors';

/**
 * The request builder of `@wsadmin/contract/routes` (the route table generated from the contract,
 * shared with the mock and the conformance suite; docs/decisions/0009-route-table.md), with the
 * SDK's error: a refused path value or operationId is a `ConfigurationError`, raised before any
 * request.
 */

export {
  managementKinds,
  type PathOptions,
  type RequestParts,
  type Route,
  type RouteId,
  requestTo,
  routes,
} from '@wsadmin/contract/routes';

function asConfigurationError<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof RouteError) {
      throw new ConfigurationError(error.message, { operationId: error.operationId });
    }
    throw error;
  }
}

/**
 * The path of an operation with its `{placeholders}` filled: each value checked against the route
 * (integer or non-empty string, never `.` or `..`) and encoded with `encodeURIComponent`. Throws a
 * `ConfigurationError` naming the parameter, so a bad value never becomes a request.
 *
 * @example
 * pathOf('removeMember', { workspaceId: 7, member_uid: 'a/b' });
 * // '/openapi/v1/workspaces/7/members/a%2Fb/'
 */
export function pathOf(
  operationId: RouteId,
  params: Readonly<Record<string, unknown>> = {},
  options: PathOptions = {},
): string {
  return asConfigurationError(() => contractPathOf(operationId, params, options));
}

/**
 * The `Request` of an operation: method and path from the route table, path values checked and
 * encoded by `pathOf` (a refusal is a `ConfigurationError`).
 *
 * @example
 * const request = requestOf('getWorkspace', 'http://127.0.0.1:8787', { params: { workspaceId: 7 } });
 */
export function requestOf(
  operationId: RouteId,
  baseUrl: string,
  parts: RequestParts = {},
  options: PathOptions = {},
): Request {
  return asConfigurationError(() => contractRequestOf(operationId, baseUrl, parts, options));
}

/**
 * The `Request` of an operation of the facade (its operationId typed, so not checked again): the
 * contract's `routeRequest`, a refused path value a `ConfigurationError`.
 */
export function routeRequestOf(operationId: RouteId, baseUrl: string, parts: RequestParts): Request {
  return asConfigurationError(() => routeRequest(operationId, baseUrl, parts));
}

/**
 * Throws a `ConfigurationError` naming an unknown operationId and the nearest valid ones (the
 * contract's check), for the SDK's entries that take an id from JavaScript callers.
 *
 * @example
 * assertRouteId('getWorkspce', 'wsadminKeys.of');
 * // ConfigurationError: wsadminKeys.of: unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?
 */
export function assertRouteId(operationId: unknown, where: string): asserts operationId is RouteId {
  asConfigurationError(() => assertOperationId(operationId, where));
}
