import { describe, expect, it } from 'vitest';
import { ApiError, ConfigurationError } from './errors';
import { fail, ok, recorder, testClient } from './test-helpers';

describe('client.call, an operation picked by its operationId', () => {
  it('sends what the facade method sends and resolves with the data', async () => {
    const { fetch, requests } = recorder([ok({ id: 7 }), ok({ id: 7 })]);
    const client = testClient(fetch);
    const byId = await client.call('updateWorkspace', { path: { workspaceId: 7 }, body: { name: 'x' } });
    const byFacade = await client.workspaces.update(7, { name: 'x' });
    expect(byId).toEqual(byFacade);
    const [first, second] = requests.map(({ method, url, body }) => [method, url.href, body]);
    expect(first).toEqual(second);
  });

  it('rejects as the facade does: a refused path value before any request, an error envelope as ApiError', async () => {
    const { fetch, requests } = recorder([fail(404, 'not_found')]);
    const client = testClient(fetch);
    await expect(client.call('removeMember', { path: { workspaceId: 7, member_uid: '..' } })).rejects.toThrow(
      ConfigurationError,
    );
    expect(requests).toHaveLength(0);
    await expect(client.call('getWorkspace', { path: { workspaceId: 7 } })).rejects.toMatchObject({
      constructor: ApiError,
      errcode: 404,
      operationId: 'getWorkspace',
    });
  });
});
