import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findObject, listObjects } from '../sql/objects';
import { insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { applyChange } from './apply-change';
import { planChange } from './plan';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

const now = new Date('2030-01-01T00:00:00Z');
const workspace = async () => (await insertWorkspace(storage.db, {}, now)).id;
const city = { type: 'string', format: 'text', names: ['city'] };

describe('applyChange writes a plan', () => {
  it('creates: the stored object has the id, revision and definition it answers', async () => {
    const workspaceId = await workspace();
    const plan = await planChange(storage.db, workspaceId, 'dimensions', { action: 'create', changes: city });
    const applied = await applyChange(storage.db, plan, now);
    const stored = await findObject(storage.db, workspaceId, 'dimensions', applied.id);
    expect(applied).toEqual({ id: stored?.id, revision: stored?.revision, definition: stored?.definition });
    expect(applied.revision).toBe(plan.afterRevision);
  });

  it('creates a model with a server-assigned uid', async () => {
    const workspaceId = await workspace();
    const plan = await planChange(storage.db, workspaceId, 'models', {
      action: 'create',
      changes: { name: 'sales', dimensions: [] },
    });
    const applied = await applyChange(storage.db, plan, now);
    expect(applied.definition?.uid).toMatch(/\S/);
    expect((await findObject(storage.db, workspaceId, 'models', applied.id))?.definition).toEqual(
      applied.definition,
    );
  });

  it('updates: a new revision and the changed definition', async () => {
    const workspaceId = await workspace();
    const created = await applyChange(
      storage.db,
      await planChange(storage.db, workspaceId, 'dimensions', { action: 'create', changes: city }),
      now,
    );
    const plan = await planChange(storage.db, workspaceId, 'dimensions', {
      action: 'update',
      targetId: created.id,
      revision: created.revision ?? '',
      changes: { format: 'city name' },
    });
    const updated = await applyChange(storage.db, plan, now);
    expect(updated.id).toBe(created.id);
    expect(updated.revision).not.toBe(created.revision);
    expect(updated.definition?.format).toBe('city name');
  });

  it('deletes and takes the id out of every measure that listed it', async () => {
    const workspaceId = await workspace();
    const dimension = await applyChange(
      storage.db,
      await planChange(storage.db, workspaceId, 'dimensions', { action: 'create', changes: city }),
      now,
    );
    const changes = { names: ['revenue'], dimensionIds: [dimension.id] };
    await applyChange(
      storage.db,
      await planChange(storage.db, workspaceId, 'measures', { action: 'create', changes }),
      now,
    );
    const plan = await planChange(storage.db, workspaceId, 'dimensions', {
      action: 'delete',
      targetId: dimension.id,
      revision: dimension.revision ?? '',
      changes: {},
    });
    expect(await applyChange(storage.db, plan, now)).toEqual({
      id: dimension.id,
      revision: null,
      definition: null,
    });
    expect(await findObject(storage.db, workspaceId, 'dimensions', dimension.id)).toBeUndefined();
    const [measure] = await listObjects(storage.db, workspaceId, 'measures');
    expect(measure?.definition.dimensionIds).toEqual([]);
  });

  it('refuses a plan that does not fit its action, writing nothing', async () => {
    const workspaceId = await workspace();
    const plan = await planChange(storage.db, workspaceId, 'dimensions', { action: 'create', changes: city });
    await expect(applyChange(storage.db, { ...plan, action: 'update' }, now)).rejects.toThrow(
      'inconsistent plan for update',
    );
    expect(await listObjects(storage.db, workspaceId, 'dimensions')).toEqual([]);
  });
});
