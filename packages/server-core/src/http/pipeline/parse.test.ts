import { operations } from '@wsadmin/contract';
import { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AccessKey } from '../../auth/keys';
import { parseRequest } from './parse';

const BASE = 'http://wsadmin.test/openapi/v1';

const keyFor = (workspaceIds: number[] | null): AccessKey => ({
  id: 'key_a',
  name: 'a',
  description: '',
  permissions: [],
  workspaceIds,
  expiresAt: null,
  revokedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  authDataKey: '00',
});

const contextOf = (url: string, init?: RequestInit) => new Context(new Request(url, init));

describe('parseRequest', () => {
  it('gives the handler typed path values, the query and the body', async () => {
    const c = contextOf(`${BASE}/workspaces/7/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sales' }),
    });
    const parsed = await parseRequest(operations.updateWorkspace, c, { workspaceId: '7' }, keyFor(null));
    expect(parsed.params).toEqual({ workspaceId: 7 });
    expect(parsed.body).toMatchObject({ name: 'Sales' });
  });

  it('reads the query of a list', async () => {
    const c = contextOf(`${BASE}/workspaces/?q=sal`);
    const parsed = await parseRequest(operations.listWorkspaces, c, {}, keyFor(null));
    expect(parsed).toMatchObject({ params: undefined, query: { q: 'sal' }, body: undefined });
  });

  it('refuses a path value the schema refuses with 400 naming it, before the workspace check', async () => {
    const c = contextOf(`${BASE}/workspaces/seven/`);
    await expect(
      parseRequest(operations.getWorkspace, c, { workspaceId: 'seven' }, keyFor([1])),
    ).rejects.toMatchObject({ errcode: 400, message: expect.stringContaining('workspaceId') });
  });

  it('refuses a workspace outside the key’s set with 403, before the body is read', async () => {
    const c = contextOf(`${BASE}/workspaces/7/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: 'not JSON',
    });
    await expect(
      parseRequest(operations.updateWorkspace, c, { workspaceId: '7' }, keyFor([1, 2])),
    ).rejects.toMatchObject({ errcode: 403, message: 'the access key may not access workspace 7' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const c = contextOf(`${BASE}/workspaces/7/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: 'not JSON',
    });
    await expect(
      parseRequest(operations.updateWorkspace, c, { workspaceId: '7' }, keyFor([7])),
    ).rejects.toMatchObject({ errcode: 400, message: expect.stringMatching(/^malformed JSON body/) });
  });
});
