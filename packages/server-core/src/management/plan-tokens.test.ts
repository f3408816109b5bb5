import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { deleteWorkspace, insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { type Binding, issuePlanToken } from './plan-tokens';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

const now = new Date('2030-01-01T00:00:00Z');
const binding = (workspaceId: number): Binding => ({
  workspaceId,
  keyId: 'key-1',
  kind: 'dimensions',
  action: 'create',
  targetId: null,
  changes: { type: 'string' },
  operatorUid: null,
});

describe('issuePlanToken', () => {
  it('issues a token valid for ten minutes in an existing workspace', async () => {
    const { id } = await insertWorkspace(storage.db, {}, now);
    const { token, expiresAt } = await issuePlanToken(storage.db, binding(id), null, now);
    expect(token).toMatch(/^pt_\S+$/);
    expect(expiresAt.getTime() - now.getTime()).toBe(10 * 60 * 1000);
  });

  it('answers 404 for a workspace deleted between the preview check and the token', async () => {
    const { id } = await insertWorkspace(storage.db, {}, now);
    await deleteWorkspace(storage.db, id);
    const issued = issuePlanToken(storage.db, binding(id), null, now);
    await expect(issued).rejects.toBeInstanceOf(ApiError);
    await expect(issued).rejects.toMatchObject({
      errcode: 404,
      reason: 'not_found',
      message: `workspace ${id} not found`,
    });
  });
});
