import { describe, expect, it } from 'vitest';
import { pathOf, RouteError, requestOf } from './route-table';

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
