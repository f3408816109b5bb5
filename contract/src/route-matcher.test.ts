import { describe, expect, it } from 'vitest';
import { routes } from './generated/route-table';
import { API_PREFIX, isRouteFound, matchRoute } from './route-matcher';

type RouteId = keyof typeof routes;
const ids = Object.keys(routes) as RouteId[];

/** The route's path with every parameter given `value`. */
const filled = (id: RouteId, value: string) => routes[id].path.replace(/\{\w+\}/g, value);

/** The contract's methods on each path. */
const methodsByPath = new Map<string, Set<string>>();
for (const id of ids) {
  const methods = methodsByPath.get(routes[id].path) ?? new Set<string>();
  methods.add(routes[id].method.toUpperCase());
  methodsByPath.set(routes[id].path, methods);
}

describe('matchRoute', () => {
  it('finds every route of the table, with its parameters by name', () => {
    for (const id of ids) {
      const route = routes[id];
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      const values = names.map((_name, index) => String(100 + index));
      let at = 0;
      const path = route.path.replace(/\{\w+\}/g, () => values[at++] as string);
      expect(matchRoute(route.method, path), `${route.method} ${path}`).toEqual({
        operationId: id,
        params: Object.fromEntries(names.map((name, index) => [name, values[index]])),
      });
    }
  });

  it('takes the method in any case', () => {
    expect(matchRoute('get', '/openapi/v1/workspaces/7/')).toMatchObject({ operationId: 'getWorkspace' });
    expect(matchRoute('Delete', '/openapi/v1/workspaces/7/')).toMatchObject({
      operationId: 'deleteWorkspace',
    });
  });

  it('puts static segments before parameters, whatever the method', () => {
    expect(matchRoute('PUT', '/openapi/v1/workspaces/update-workspaces/')).toEqual({
      operationId: 'updateWorkspaces',
      params: {},
    });
    // The literal path has no GET: the answer is its own methods, never the workspace "create-workspaces".
    expect(matchRoute('GET', '/openapi/v1/workspaces/create-workspaces/')).toEqual({ allowed: ['POST'] });
    expect(matchRoute('GET', '/openapi/v1/workspaces/7/management/dimensions/preview/')).toEqual({
      allowed: ['POST'],
    });
    expect(matchRoute('GET', '/openapi/v1/workspaces/7/management/dimensions/8/')).toEqual({
      operationId: 'getManagedDimension',
      params: { workspaceId: '7', id: '8' },
    });
  });

  it('falls back to a parameter where the static branch leads to no whole path', () => {
    // "create-workspaces" is a static segment of /workspaces/, but /workspaces/create-workspaces/members/ is none.
    expect(matchRoute('GET', '/openapi/v1/workspaces/create-workspaces/members/')).toEqual({
      operationId: 'listMembers',
      params: { workspaceId: 'create-workspaces' },
    });
  });

  it('decodes parameters once, and static segments before comparing them', () => {
    expect(matchRoute('GET', '/openapi/v1/workspaces/a%2Fb/')).toMatchObject({
      params: { workspaceId: 'a/b' },
    });
    expect(matchRoute('GET', '/openapi/v1/workspaces/%2525/')).toMatchObject({
      params: { workspaceId: '%25' },
    });
    expect(matchRoute('GET', '/openapi/v1/workspaces/%E2%82%AC/')).toMatchObject({
      params: { workspaceId: '€' },
    });
    expect(matchRoute('GET', '/openapi/v1/work%73paces/7/')).toMatchObject({ operationId: 'getWorkspace' });
    // The prefix too: such a path walks from the root, not from the end of the prefix.
    expect(matchRoute('GET', '/open%61pi/v1/workspaces/7/')).toMatchObject({ operationId: 'getWorkspace' });
    expect(matchRoute('GET', '/openapi/v%31/scopes/')).toMatchObject({ operationId: 'getScope' });
    expect(matchRoute('PUT', '/openapi/v1/workspaces/update%2Dworkspaces/')).toMatchObject({
      operationId: 'updateWorkspaces',
    });
  });

  it('keeps what does not decode as it came, decoding the escapes around it that do', () => {
    expect(matchRoute('GET', '/openapi/v1/workspaces/%FF/')).toMatchObject({
      params: { workspaceId: '%FF' },
    });
    expect(matchRoute('GET', '/openapi/v1/workspaces/%41%zz/')).toMatchObject({
      params: { workspaceId: 'A%zz' },
    });
  });

  it('holds paths to their trailing slash and to non-empty parameters', () => {
    expect(matchRoute('GET', '/openapi/v1/scopes/')).toMatchObject({ operationId: 'getScope' });
    expect(matchRoute('GET', '/openapi/v1/scopes')).toBeUndefined();
    expect(matchRoute('GET', '/openapi/v1/scopes//')).toBeUndefined();
    expect(matchRoute('GET', '/openapi/v1/workspaces//')).toBeUndefined();
    expect(matchRoute('GET', '/openapi/v1/workspaces/7')).toBeUndefined();
  });

  it('knows no other path', () => {
    for (const path of ['', '/', '/openapi/v1/', '/openapi/v1/nothing/', '/healthz', '/openapi/v2/scopes/'])
      expect(matchRoute('GET', path), path).toBeUndefined();
  });

  it('lists the methods of a known path called with another, in one order', () => {
    for (const [path, methods] of methodsByPath) {
      const concrete = path.replace(/\{\w+\}/g, '7');
      const other = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].find((m) => !methods.has(m));
      const found = matchRoute(other as string, concrete);
      expect(found, `${other} ${concrete}`).not.toHaveProperty('operationId');
      const allowed = found && 'allowed' in found ? found.allowed : [];
      expect(new Set(allowed)).toEqual(methods);
      const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
      expect([...allowed]).toEqual(order.filter((method) => methods.has(method)));
    }
    expect(matchRoute('PATCH', '/openapi/v1/workspaces/7/')).toEqual({ allowed: ['GET', 'PUT', 'DELETE'] });
  });

  it('finds every id where a literal segment could stand, as the id path', () => {
    for (const id of ids) {
      const found = matchRoute(routes[id].method, filled(id, '42'));
      expect(isRouteFound(found) && found.operationId, id).toBe(id);
    }
  });

  it('serves one prefix', () => {
    for (const id of ids) expect(routes[id].path.startsWith(API_PREFIX), id).toBe(true);
  });
});
