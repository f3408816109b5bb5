import { describe, expect, it } from 'vitest';
import { serverForTests } from './setup';

const server = serverForTests();

describe('scopes against the reference server', () => {
  it('answers the scope of the unrestricted key: every permission, every workspace', async () => {
    const { id: workspaceId } = await server.client.workspaces.create({ name: 'Scope check' });
    const scope = await server.client.scopes.get();
    expect(scope).toMatchObject({ permissions: [], expired_at: null });
    expect(scope.id).toMatch(/^key_/);
    expect(scope.workspaces.map((w) => w.id)).toContain(workspaceId);
  });

  it('answers the scope of a restricted key: its permissions, its workspaces, its expiry', async () => {
    const [a, b] = await server.client.workspaces.createMany([{ name: 'Scoped A' }, { name: 'Scoped B' }]);
    if (!a || !b) throw new Error('two workspaces expected');
    const secret = await server.createKey({
      name: 'scoped',
      permissions: ['workspace'],
      workspaceIds: [b.id],
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    const scope = await server.clientWith({ key: secret }).scopes.get();
    expect(scope).toMatchObject({ name: 'scoped', permissions: ['workspace'] });
    expect(Date.parse(scope.expired_at ?? '')).toBe(Date.parse('2099-01-01T00:00:00Z'));
    expect(scope.workspaces).toEqual([{ id: b.id, name: 'Scoped B', desc: '' }]);
  });
});

describe('workspaces against the reference server', () => {
  it('creates with defaults and answers the detail with the hcl spelling', async () => {
    const created = await server.client.workspaces.create({ name: 'Defaults', hc1: true });
    expect(created).toMatchObject({ name: 'Defaults', desc: '', hcl: true, date_offset: -1, dt: true });
    expect(created).not.toHaveProperty('hc1');
    const detail = await server.client.workspaces.get(created.id);
    expect(detail).toEqual(created);
  });

  it('lists items with the hc1 spelling and filters them with q (name or desc, any case)', async () => {
    const [north, south] = await server.client.workspaces.createMany([
      { name: 'Northwind Sales', hc1: true },
      { name: 'Southwind', desc: 'quarterly SALES figures' },
      { name: 'Inventory' },
    ]);
    if (!north || !south) throw new Error('three workspaces expected');
    const found = await server.client.workspaces.list({ q: 'sales' });
    expect(found.map((w) => w.id)).toEqual([north.id, south.id]);
    const item = found[0];
    expect(item).toMatchObject({ name: 'Northwind Sales', hc1: true });
    expect(item).not.toHaveProperty('hcl');
    expect(await server.client.workspaces.list({ q: 'no such text' })).toEqual([]);
    expect((await server.client.workspaces.list()).length).toBeGreaterThanOrEqual(3);
  });

  it('updates one workspace: omitted fields keep their value, hcl switches', async () => {
    const created = await server.client.workspaces.create({
      name: 'Before',
      desc: 'kept',
      breakPointDisplayType: 2,
    });
    const updated = await server.client.workspaces.update(created.id, { name: 'After', hcl: true });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'After',
      desc: 'kept',
      breakPointDisplayType: 2,
      hcl: true,
    });
    expect(await server.client.workspaces.get(created.id)).toEqual(updated);
  });

  it('updates several workspaces in one batch', async () => {
    const [a, b] = await server.client.workspaces.createMany([{ name: 'Batch A' }, { name: 'Batch B' }]);
    if (!a || !b) throw new Error('two workspaces expected');
    const updated = await server.client.workspaces.updateMany([
      { id: a.id, desc: 'first' },
      { id: b.id, dt: false, hcl: true },
    ]);
    expect(updated.map((w) => [w.id, w.desc, w.dt, w.hcl])).toEqual([
      [a.id, 'first', true, false],
      [b.id, '', false, true],
    ]);
  });

  it('deletes one workspace, then several; deleted ones answer 404', async () => {
    const [a, b, c] = await server.client.workspaces.createMany([
      { name: 'D1' },
      { name: 'D2' },
      { name: 'D3' },
    ]);
    if (!a || !b || !c) throw new Error('three workspaces expected');
    await expect(server.client.workspaces.delete(a.id)).resolves.toBeUndefined();
    await expect(server.client.workspaces.deleteMany([b.id, c.id])).resolves.toBeUndefined();
    const ids = (await server.client.workspaces.list()).map((w) => w.id);
    for (const gone of [a.id, b.id, c.id]) {
      expect(ids).not.toContain(gone);
      await expect(server.client.workspaces.get(gone)).rejects.toMatchObject({
        name: 'ApiError',
        errcode: 404,
        operationId: 'getWorkspace',
      });
    }
  });

  it('rejects a whole batch when one id is unknown, naming its index', async () => {
    const kept = await server.client.workspaces.create({ name: 'Kept' });
    const error = await server.client.workspaces.deleteMany([kept.id, 999_999]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      errcode: 404,
      reason: 'not_found',
      operationId: 'deleteWorkspaces',
      issues: [{ path: 'body.workspaceIds.1' }],
    });
    await expect(server.client.workspaces.get(kept.id)).resolves.toMatchObject({ name: 'Kept' });
  });
});
