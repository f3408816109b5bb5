import { operationEntries } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './errors';
import { pathOf, requestOf, routes } from './route-table';
import { wsadminKeys } from './tanstack-query/keys';
import { ok, recorder, testClient } from './test-helpers';

type Client = ReturnType<typeof testClient>;

describe('the route table', () => {
  it('gives every contract operation its method, path, path parameters and request parts', () => {
    expect(Object.keys(routes).sort()).toEqual(operationEntries.map(([id]) => id).sort());
    for (const [id, op] of operationEntries) {
      const route = routes[id];
      expect({ id, method: route.method, path: route.path }).toEqual({
        id,
        method: op.method,
        path: op.path,
      });
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(Object.keys(route.params), id).toEqual(placeholders);
      expect(Object.keys(route.params).sort(), id).toEqual(Object.keys(op.params?.shape ?? {}).sort());
      expect(route.body, id).toBe(op.body !== undefined);
      expect(route.query, id).toBe(op.query !== undefined);
      expect(route.idempotencyKey, id).toBe(op.headers?.shape['Idempotency-Key'] !== undefined);
    }
  });
});

describe('path values', () => {
  // Each of these would reach another route (or none) if it were pasted into the path.
  it.each<[string, (c: Client) => Promise<unknown>, RegExp]>([
    [
      'a dot-dot member uid',
      (c) => c.members(7, '..').remove(),
      /removeMember: path parameter member_uid must not be "\.\."/,
    ],
    ['a dot member uid', (c) => c.members(7, '.').modelPermission.get(), /member_id must not be "\."/],
    [
      'a path in an integer id',
      (c) => c.workspaces.get('1/../2' as never),
      /workspaceId must be an integer, not "1\/\.\.\/2"/,
    ],
    [
      'an empty account uid',
      (c) => c.accounts.get(''),
      /getAccount: path parameter account_uid must not be empty/,
    ],
    ['a missing workspace id', (c) => c.timeSeries.list(undefined as never), /workspaceId is missing/],
    ['a fractional id', (c) => c.timeSeries.get(7, 1.5), /timeSeriesId must be an integer, not 1\.5/],
    ['NaN as an object id', (c) => c.management(7).dimensions.get(Number.NaN), /id must be an integer/],
    [
      'a number for a string parameter',
      (c) => c.management(7).operation(5 as never),
      /operationId must be a string/,
    ],
    [
      'an empty member-group id in the batch form',
      (c) =>
        c
          .members(7)
          .setModelPermissions([{ memberUid: '', modelPermission: { effect: 'allow', resource: [] } }]),
      /member_id must not be empty/,
    ],
  ])('refuses %s with a ConfigurationError before any request', async (_name, invoke, message) => {
    const { fetch, requests } = recorder(() => ok());
    const error = await invoke(testClient(fetch, { retries: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).message).toMatch(message);
    expect(requests).toEqual([]);
  });

  it('encodes every value with encodeURIComponent', async () => {
    const { fetch, requests } = recorder(() => ok());
    await testClient(fetch).members(7, 'a/b c?#%').remove();
    expect(requests[0]?.url.pathname).toBe('/openapi/v1/workspaces/7/members/a%2Fb%20c%3F%23%25/');
  });

  it.each([
    [{ workspaceId: 7 }, {}, '/openapi/v1/workspaces/7/'],
    [{ workspaceId: '7' }, { integersAsText: true }, '/openapi/v1/workspaces/7/'],
  ] as const)('fills %o (%o)', (params, options, path) => {
    expect(pathOf('getWorkspace', params, options)).toBe(path);
  });

  it.each([
    [{ workspaceId: '7' }, {}, /must be an integer/],
    [{ workspaceId: '7x' }, { integersAsText: true }, /must be an integer/],
    [{ workspaceId: '..' }, { integersAsText: true }, /must be an integer/],
    [{}, {}, /is missing/],
  ] as const)('refuses %o (%o)', (params, options, message) => {
    expect(() => pathOf('getWorkspace', params, options)).toThrow(message);
  });

  it('refuses an operationId the contract does not have, naming the nearest', () => {
    expect(() => pathOf('dropDatabase' as never)).toThrow(ConfigurationError);
    expect(() => pathOf('getWorkspce' as never, { workspaceId: 7 })).toThrow(
      "unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?",
    );
    expect(() => requestOf('listWorkspace' as never, 'http://wsadmin.test')).toThrow(
      "unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
  });

  it('refuses an unknown operationId in the query keys, naming the nearest', () => {
    const of = wsadminKeys.of as (operationId: string, ...values: unknown[]) => readonly unknown[];
    expect(() => of('getWorkspce', 7)).toThrow(ConfigurationError);
    expect(() => of('getWorkspce', 7)).toThrow(
      "wsadminKeys.of: unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?",
    );
    expect(of('getWorkspace', 7)).toEqual(['wsadmin', 'workspaces', 7]);
  });

  it('builds a Request with method, path, query and JSON body from the table', async () => {
    const request = requestOf('updateWorkspace', 'http://wsadmin.test', {
      params: { workspaceId: 7 },
      query: { a: 1, b: undefined },
      body: { name: 'x' },
    });
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('http://wsadmin.test/openapi/v1/workspaces/7/?a=1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ name: 'x' });
  });

  it.each([
    ['a raw body', { rawBody: '{"name":' }, 'application/json'],
    [
      'a raw body with its own type',
      { rawBody: 'a=1', headers: { 'content-type': 'text/plain' } },
      'text/plain',
    ],
    [
      'a JSON body with a charset given',
      { body: {}, headers: { 'content-type': 'application/json; charset=utf-8' } },
      'application/json; charset=utf-8',
    ],
    ['no body', {}, null],
  ])('labels %s as the server expects', (_name, parts, want) => {
    const request = requestOf('createWorkspace', 'http://wsadmin.test', parts);
    expect(request.headers.get('content-type')).toBe(want);
  });
});
