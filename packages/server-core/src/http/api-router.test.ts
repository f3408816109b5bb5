import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { ApiRouter } from './api-router';

/** The routes of the app, in its order: middleware on everything, the API as one route, the rest. */
const ROUTES: Array<[string, string, string]> = [
  ['ALL', '*', 'report'],
  ['ALL', '*', 'cors'],
  ['GET', '/healthz', 'healthz'],
  ['POST', '/__test__/clock/', 'clock'],
  ['ALL', '/openapi/v1/*', 'api'],
  ['ALL', '/__admin__/keys/*', 'admin guard'],
  ['GET', '/__admin__/keys/', 'admin list'],
];

const REQUESTS: Array<[string, string]> = [
  ['GET', '/openapi/v1/workspaces/12/'],
  ['POST', '/openapi/v1/workspaces/12/members/'],
  ['DELETE', '/openapi/v1/no-such-thing/'],
  ['OPTIONS', '/openapi/v1/scopes/'],
  ['FOO', '/openapi/v1/scopes/'],
  ['GET', '/openapi/v1'],
  ['GET', '/healthz'],
  ['POST', '/__test__/clock/'],
  ['GET', '/__admin__/keys/'],
  ['GET', '/nothing'],
];

function both(routes: Array<[string, string, string]>) {
  const api = new ApiRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of routes) {
    api.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { api, trie };
}

describe('ApiRouter', () => {
  it("finds the handlers Hono's TrieRouter finds, for API paths and others, every time", () => {
    const { api, trie } = both(ROUTES);
    for (let round = 0; round < 2; round++) {
      for (const [method, path] of REQUESTS)
        expect(api.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
    }
    const [handlers] = api.match('GET', '/openapi/v1/workspaces/13/');
    expect(handlers.map(([handler]) => handler)).toEqual(['report', 'cors', 'api']);
  });

  it('looks every path up when a route covers only part of the API', () => {
    const { api, trie } = both([...ROUTES, ['GET', '/openapi/v1/scopes/', 'one path']]);
    for (const [method, path] of REQUESTS)
      expect(api.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
    const [handlers] = api.match('GET', '/openapi/v1/scopes/');
    expect(handlers.map(([handler]) => handler)).toContain('one path');
  });

  it('forgets what it worked out when a route is added', () => {
    const { api } = both(ROUTES);
    expect(api.match('GET', '/openapi/v1/x/')[0]).toHaveLength(3);
    api.add('ALL', '/openapi/*', 'late middleware');
    expect(api.match('GET', '/openapi/v1/x/')[0].map(([handler]) => handler)).toContain('late middleware');
  });
});
