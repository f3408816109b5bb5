import { routes } from './generated/route-table';

/**
 * The one route matcher of the repository: the server's dispatch and its 405 answers, the mock's
 * overrides and the conformance replay all find a request's operation here. Built once, on the
 * first match, as a trie of the generated route table's path segments; plain data and functions, no
 * zod, part of `@wsadmin/contract/routes`.
 */

type RouteId = keyof typeof routes;

/** A method of the contract, in capitals (`'GET'`, `'DELETE'`). */
export type RouteMethod = Uppercase<(typeof routes)[RouteId]['method']>;

/** Every path of the contract starts with this. */
export const API_PREFIX = '/openapi/v1/';

/** The operation a method and path call. */
export interface RouteFound {
  operationId: RouteId;
  /** Path parameters by name, percent-decoded, as text (a segment that does not decode as it came). */
  params: Record<string, string>;
}

/** A path of the contract called with a method it does not define: the ones it does. */
export interface RouteMethods {
  /** The contract's methods on this path, `GET`, `POST`, `PUT`, `PATCH`, `DELETE` in that order. */
  allowed: readonly RouteMethod[];
}

const METHOD_ORDER: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Operation {
  operationId: RouteId;
  /** The template's parameter names, in path order. */
  names: readonly string[];
}

interface PathNode {
  /** Children by static segment: tried before the parameter child. */
  statics: Map<string, PathNode>;
  /** The child of a `{parameter}` segment (whatever its name, one per position). */
  param: PathNode | undefined;
  /** Where a template ends: its operations by method. */
  operations: Map<string, Operation> | undefined;
  /** `allowed` of the path that ends here, in METHOD_ORDER. */
  methods: RouteMethods | undefined;
}

const emptyNode = (): PathNode => ({
  statics: new Map(),
  param: undefined,
  operations: undefined,
  methods: undefined,
});

const PARAMETER = /^\{(\w+)\}$/;

function buildTrie(): PathNode {
  const root = emptyNode();
  for (const operationId of Object.keys(routes) as RouteId[]) {
    const route = routes[operationId];
    const names: string[] = [];
    let node = root;
    // `/a/{id}/` splits into '', 'a', '{id}', '': the empty first and last segments are static
    // ones, so a path without its trailing slash (or with two) is another path.
    for (const segment of route.path.split('/')) {
      const name = PARAMETER.exec(segment)?.[1];
      if (name !== undefined) {
        names.push(name);
        node.param ??= emptyNode();
        node = node.param;
        continue;
      }
      let child = node.statics.get(segment);
      if (!child) {
        child = emptyNode();
        node.statics.set(segment, child);
      }
      node = child;
    }
    node.operations ??= new Map();
    node.operations.set(route.method.toUpperCase(), { operationId, names });
  }
  const settle = (node: PathNode) => {
    if (node.operations) {
      const defined = [...node.operations.keys()];
      const allowed = METHOD_ORDER.filter((method) => defined.includes(method)) as RouteMethod[];
      node.methods = { allowed: Object.freeze(allowed) };
    }
    for (const child of node.statics.values()) settle(child);
    if (node.param) settle(node.param);
  };
  settle(root);
  return root;
}

/** Built on the first match: a bundle that imports this entry for its request builder only pays nothing. */
let root: PathNode | undefined;
/**
 * The node at the end of API_PREFIX, where a path of the API resumes its walk, when the prefix is a
 * plain chain of static segments (no parameter, no operation on the way), as in every contract so
 * far: the same walk as from the root, without three segments cut out and looked up per request.
 */
let prefixNode: PathNode | undefined;

function prefixNodeOf(trie: PathNode): PathNode | undefined {
  let node: PathNode | undefined = trie;
  // '/openapi/v1/' is '', 'openapi', 'v1', then the rest of the path.
  for (const segment of API_PREFIX.split('/').slice(0, -1)) {
    if (!node || node.param || node.operations) return undefined;
    node = node.statics.get(segment);
  }
  return node;
}

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * A path segment percent-decoded; where the whole does not decode (`%FF`, a lone `%`), each run of
 * escapes that does, the rest as it came (as Hono decodes its parameters).
 */
function decoded(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(ESCAPES, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/**
 * The node a path ends on, static segments first: a parameter is tried only where no static
 * segment leads to a whole path, so `/workspaces/create-workspaces/` is its own path, never the
 * workspace "create-workspaces" (whatever the method). `at`: where the next segment of `path`
 * starts (past its end: none is left). `values` gets the parameter values, decoded.
 */
function walk(node: PathNode, path: string, at: number, values: string[]): PathNode | undefined {
  if (at > path.length) return node.operations ? node : undefined;
  let end = path.indexOf('/', at);
  if (end === -1) end = path.length;
  const segment = decoded(path.slice(at, end));
  const fixed = node.statics.get(segment);
  if (fixed) {
    const found = walk(fixed, path, end + 1, values);
    if (found) return found;
  }
  // A parameter is never empty: `/workspaces//` names no workspace.
  if (node.param && segment !== '') {
    values.push(segment);
    const found = walk(node.param, path, end + 1, values);
    if (found) return found;
    values.pop();
  }
  return undefined;
}

/**
 * What `method` (any case) on `path` (a URL's path, as sent: percent-encoded, without query) is in
 * the contract: its operation and path parameters; or, on a path of the contract without that
 * method, the methods it has (answer 405); or nothing (an unknown path, 404). Paths match exactly,
 * trailing slash included.
 *
 * @example
 * matchRoute('GET', '/openapi/v1/workspaces/7/');
 * // { operationId: 'getWorkspace', params: { workspaceId: '7' } }
 * matchRoute('PATCH', '/openapi/v1/workspaces/7/');
 * // { allowed: ['GET', 'PUT', 'DELETE'] }
 */
export function matchRoute(method: string, path: string): RouteFound | RouteMethods | undefined {
  const values: string[] = [];
  if (!root) {
    root = buildTrie();
    prefixNode = prefixNodeOf(root);
  }
  const node =
    prefixNode && path.startsWith(API_PREFIX)
      ? walk(prefixNode, path, API_PREFIX.length, values)
      : walk(root, path, 0, values);
  if (!node) return undefined;
  const operation = node.operations?.get(method) ?? node.operations?.get(method.toUpperCase());
  if (!operation) return node.methods;
  const params: Record<string, string> = {};
  const names = operation.names;
  for (let index = 0; index < names.length; index++) params[names[index] as string] = values[index] as string;
  return { operationId: operation.operationId, params };
}

/** Whether a match found an operation (not only the methods of its path). */
export const isRouteFound = (match: RouteFound | RouteMethods | undefined): match is RouteFound =>
  match !== undefined && 'operationId' in match;
