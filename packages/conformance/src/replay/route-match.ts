import { type RouteId, routes } from '@wsadmin/contract/routes';

/** The service's API prefix: requests under it belong to this service; others are skipped. */
export const API_PREFIX = '/openapi/v1/';

export interface RouteMatch {
  operationId: RouteId;
  /** Path parameters by name, decoded, as text. */
  params: Record<string, string>;
}

interface Pattern {
  operationId: RouteId;
  method: string;
  regex: RegExp;
  names: string[];
  /** Fewer parameters first: a literal path (`/workspaces/create-workspaces/`) beats the id path. */
  paramCount: number;
}

const patterns: Pattern[] = (Object.keys(routes) as RouteId[])
  .map((operationId) => {
    const route = routes[operationId];
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    return {
      operationId,
      method: route.method.toUpperCase(),
      regex: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
      names,
      paramCount: names.length,
    };
  })
  .sort((a, b) => a.paramCount - b.paramCount);

/** The route a method and path take, from the route table: the most literal that fits the path. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const owner = patterns.find((pattern) => pattern.regex.test(path));
  if (owner === undefined) return undefined;
  for (const pattern of patterns) {
    if (pattern.method !== method.toUpperCase() || pattern.paramCount !== owner.paramCount) continue;
    const match = pattern.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return { operationId: pattern.operationId, params };
  }
  return undefined;
}
