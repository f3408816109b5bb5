import { routes } from './generated/route-table';
import { assertOperationId } from './operation-ids-check';
import { RouteError } from './route-error';

/**
 * `@wsadmin/contract/routes`: the one request builder of the repository. The SDK's `call`, the
 * mock's client and the conformance suite's client all build their requests here (`requestTo`,
 * `routeRequest`, `requestOf`), from the route table
 * generated from the contract (`generated/route-table.ts`). Plain data and functions, no zod: browsers
 * load this entry without the rest of the contract. See docs/decisions/0009-route-table.md and
 * 0022-conformance-package.md.
 */

export { managementKinds, routes } from './generated/route-table';
export {
  assertOperationId,
  isOperationId,
  nearestOperationIds,
  unknownOperationIdMessage,
} from './operation-ids-check';
export { RouteError } from './route-error';
export {
  API_PREFIX,
  isRouteFound,
  matchRoute,
  type RouteFound,
  type RouteMethod,
  type RouteMethods,
} from './route-matcher';
export {
  type ErrorData,
  errorEnvelope,
  isSuccess,
  readEnvelope,
  SUCCESS_CODE,
  SUCCESS_MESSAGE,
  successEnvelope,
  successEnvelopeText,
  type WireEnvelope,
} from './wire-envelope';

/** The operationId of every route, e.g. `'removeMember'`. */
export type RouteId = keyof typeof routes;

/** One route of the table: method, path template, path parameters and request parts. */
export type Route<K extends RouteId = RouteId> = (typeof routes)[K];

export interface PathOptions {
  /**
   * Accept decimal text (`'7'`) for integer parameters too. For the test clients, whose path values
   * arrive as text (decoded URL parameters); the SDK sends integers only.
   */
  integersAsText?: boolean;
}

/** Dot segments would be resolved away by URL parsing and reach another route (`members/..` = the workspace). */
const DOT_SEGMENT = /^\.{1,2}$/;
const DECIMAL = /^\d+$/;

function checked(operationId: string, name: string, kind: string, value: unknown, options: PathOptions) {
  const refuse = (why: string): never => {
    throw new RouteError(`${operationId}: path parameter ${name} ${why}`, operationId);
  };
  if (value === undefined || value === null) return refuse('is missing');
  if (kind === 'integer') {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    if (options.integersAsText && typeof value === 'string' && DECIMAL.test(value)) return value;
    return refuse(`must be an integer, not ${JSON.stringify(value)}`);
  }
  if (typeof value !== 'string') return refuse(`must be a string, not ${typeof value}`);
  if (value === '') return refuse('must not be empty');
  if (DOT_SEGMENT.test(value)) return refuse(`must not be "${value}"`);
  return encodeURIComponent(value);
}

/** The path of `route` with its `{placeholders}` filled and checked; `pathOf` without the operationId check. */
function filledPath(
  operationId: string,
  route: Route,
  params: Readonly<Record<string, unknown>>,
  options: PathOptions,
) {
  const kinds: Readonly<Record<string, string>> = route.params;
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    checked(operationId, name, kinds[name] ?? 'string', params[name], options),
  );
}

/**
 * The path of an operation with its `{placeholders}` filled: each value checked against the route
 * (integer or non-empty string, never `.` or `..`) and encoded with `encodeURIComponent`. Throws a
 * `RouteError` naming the parameter, so a bad value never becomes a request.
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
  assertOperationId(operationId);
  return filledPath(operationId, routes[operationId], params, options);
}

/** What a request carries besides its method and path. */
export interface RequestParts {
  /** Path parameters by name. */
  params?: Readonly<Record<string, unknown>> | undefined;
  /** Query parameters, serialised by `queryString`. */
  query?: Readonly<Record<string, unknown>> | undefined;
  /** Sent as JSON (with `content-type: application/json`). */
  body?: unknown;
  /** Sent as it is instead of `body`, as `content-type: application/json` unless `headers` name another type. */
  rawBody?: string | undefined;
  /** Not `HeadersInit`: a DOM type that a Node backend type-checking without the DOM library lacks. */
  headers?: Headers | Readonly<Record<string, string>> | undefined;
  /** Aborts the request. */
  signal?: AbortSignal | undefined;
}

/**
 * The query string (without `?`) of `query` in the contract's style: OpenAPI's default for query
 * parameters, `form` with `explode` (`a=1&b=x`, an array as `a=1&a=2`), names and values
 * percent-encoded with `encodeURIComponent` (a space is `%20`); `undefined` and `null` values are left out.
 *
 * @example
 * queryString({ q: 'sales & more', offset: 0, limit: undefined }); // 'q=sales%20%26%20more&offset=0'
 */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const pairs: string[] = [];
  for (const [name, given] of Object.entries(query))
    for (const value of Array.isArray(given) ? given : [given])
      if (value !== undefined && value !== null)
        pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.join('&');
}

/**
 * The one request builder: a `Request` for `method` and `path` (a filled path, e.g. from `pathOf`)
 * under `baseUrl` (joined as text, so a base with a path prefix keeps it), with its query, JSON
 * body, headers and signal.
 *
 * @example
 * requestTo('http://127.0.0.1:8787', 'GET', '/openapi/v1/workspaces/', { query: { q: 'sales' } });
 */
export function requestTo(baseUrl: string, method: string, path: string, parts: RequestParts = {}): Request {
  const search = queryString(parts.query);
  const joiner = path.includes('?') ? '&' : '?';
  const url = `${baseUrl.replace(/\/+$/, '')}${path}${search ? `${joiner}${search}` : ''}`;
  const headers = new Headers(parts.headers);
  const body = parts.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  // The server refuses a body of any other type (415); fetch would label a string text/plain.
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Request(url, { method, headers, body: body ?? null, signal: parts.signal ?? null });
}

/**
 * The `Request` of an operation known to be in the table (typed callers: the SDK's facade): method
 * and path from the route table, path values checked and encoded as `pathOf` does. `requestOf` is
 * the same after checking the operationId.
 */
export function routeRequest(
  operationId: RouteId,
  baseUrl: string,
  parts: RequestParts = {},
  options: PathOptions = {},
): Request {
  const route: Route = routes[operationId];
  const path = filledPath(operationId, route, parts.params ?? {}, options);
  return requestTo(baseUrl, route.method.toUpperCase(), path, parts);
}

/**
 * The `Request` of an operation: the operationId checked (a typo is a `RouteError` naming the
 * nearest), then `routeRequest`. Used by the mock's client and the conformance kit.
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
  assertOperationId(operationId);
  return routeRequest(operationId, baseUrl, parts, options);
}
