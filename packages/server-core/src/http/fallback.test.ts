import { describe, expect, it } from 'vitest';
import { unmatched } from './fallback';

describe('unmatched', () => {
  it.each([
    [
      'a list path',
      { method: 'PATCH', path: '/openapi/v1/workspaces/', preflight: false, allow: 'GET, HEAD, POST' },
    ],
    [
      'a POST-only path',
      { method: 'GET', path: '/openapi/v1/auth/check-auth-data/', preflight: false, allow: 'POST' },
    ],
    [
      // A literal path is its own: never the workspace "create-workspaces" (literal-paths.test.ts).
      'a static name where an id may stand',
      {
        method: 'PUT',
        path: '/openapi/v1/workspaces/create-workspaces/',
        preflight: false,
        allow: 'POST',
      },
    ],
    [
      'one item',
      {
        method: 'POST',
        path: '/openapi/v1/workspaces/7/',
        preflight: false,
        allow: 'GET, HEAD, PUT, DELETE',
      },
    ],
    [
      'a read-only path',
      { method: 'DELETE', path: '/openapi/v1/scopes/', preflight: false, allow: 'GET, HEAD' },
    ],
    [
      'a path with CORS on',
      { method: 'PATCH', path: '/openapi/v1/scopes/', preflight: true, allow: 'GET, HEAD, OPTIONS' },
    ],
  ])('405 on %s names every method the server answers there', (_name, { method, path, preflight, allow }) => {
    const { error, allow: header } = unmatched(method, path, preflight);
    expect(header).toBe(allow);
    expect(error).toMatchObject({ errcode: 405, reason: 'method_not_allowed' });
    expect(error.message).toBe(`${method} is not allowed on ${path}; allowed: ${allow}`);
  });

  it.each([
    ['an unknown path', { path: '/openapi/v1/nothing/', want: 'unknown path /openapi/v1/nothing/' }],
    [
      'a path without its slash',
      {
        path: '/openapi/v1/scopes',
        want: 'unknown path /openapi/v1/scopes: paths must end with "/" (try /openapi/v1/scopes/)',
      },
    ],
  ])('404 on %s, without Allow', (_name, { path, want }) => {
    const { error, allow } = unmatched('GET', path);
    expect(allow).toBeUndefined();
    expect(error).toMatchObject({ errcode: 404, message: want });
  });
});
