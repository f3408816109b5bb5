import { describe, expect, it } from 'vitest';
import { pathOf, queryString, RouteError, requestOf, requestTo, routeRequest } from './route-table';

describe('@wsadmin/contract/routes', () => {
  it('refuses a bad path value with a RouteError naming the operation and the parameter', () => {
    let refusal: unknown;
    try {
      pathOf('removeMember', { workspaceId: 7, member_uid: '..' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RouteError);
    expect(refusal).toMatchObject({
      operationId: 'removeMember',
      message: 'removeMember: path parameter member_uid must not be ".."',
    });
  });

  it('takes decimal text for integer parameters only when asked', () => {
    expect(() => pathOf('getWorkspace', { workspaceId: '7' })).toThrow(RouteError);
    expect(pathOf('getWorkspace', { workspaceId: '7' }, { integersAsText: true })).toBe(
      '/openapi/v1/workspaces/7/',
    );
  });

  it('builds the Request of an operation from the table', () => {
    const request = requestOf('createWorkspace', 'http://example.test', { body: { name: 'w' } });
    expect([request.method, request.url, request.headers.get('content-type')]).toEqual([
      'POST',
      'http://example.test/openapi/v1/workspaces/',
      'application/json',
    ]);
  });
});

describe('@wsadmin/contract/routes with an unknown operationId', () => {
  it('pathOf and requestOf refuse it, naming the nearest', () => {
    const message = "unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?";
    // @ts-expect-error: a typo a JavaScript caller can make
    expect(() => pathOf('getWorkspce', { workspaceId: 7 })).toThrow(RouteError);
    // @ts-expect-error: a typo a JavaScript caller can make
    expect(() => pathOf('getWorkspce', { workspaceId: 7 })).toThrow(message);
    // @ts-expect-error: a typo a JavaScript caller can make
    expect(() => requestOf('getWorkspce', 'http://example.test')).toThrow(message);
  });
});

describe('the request builder', () => {
  it('serialises a query in the form style, percent-encoded, leaving out undefined and null', () => {
    expect(queryString({ q: 'sales & more', offset: 0, limit: undefined, role: null })).toBe(
      'q=sales%20%26%20more&offset=0',
    );
    expect(queryString({ id: [1, 2], 'a b': 'x+y' })).toBe('id=1&id=2&a%20b=x%2By');
    expect(queryString({})).toBe('');
  });

  it('joins the base URL as text: a path prefix stays, a trailing slash does not double', () => {
    const url = (base: string, path: string, query?: Record<string, unknown>) =>
      requestTo(base, 'GET', path, { query }).url;
    expect(url('http://example.test/api/', '/openapi/v1/scopes/')).toBe(
      'http://example.test/api/openapi/v1/scopes/',
    );
    expect(url('http://example.test', '/openapi/v1/workspaces/', { q: 'a' })).toBe(
      'http://example.test/openapi/v1/workspaces/?q=a',
    );
    // A path that carries its own query (the conformance kit's raw probes) gets the rest after `&`.
    expect(url('http://example.test', '/openapi/v1/workspaces/?q=a', { limit: 2 })).toBe(
      'http://example.test/openapi/v1/workspaces/?q=a&limit=2',
    );
  });

  it('carries headers and the signal, and builds an operation without checking its id again', () => {
    const controller = new AbortController();
    const request = routeRequest('removeMember', 'http://example.test', {
      params: { workspaceId: 7, member_uid: 'a/b' },
      headers: { 'x-trace': '1' },
      signal: controller.signal,
    });
    controller.abort();
    expect([request.method, request.url, request.headers.get('x-trace'), request.signal.aborted]).toEqual([
      'DELETE',
      'http://example.test/openapi/v1/workspaces/7/members/a%2Fb/',
      '1',
      true,
    ]);
    expect(() => routeRequest('removeMember', 'http://example.test', { params: { workspaceId: 7 } })).toThrow(
      'removeMember: path parameter member_uid is missing',
    );
  });
});
