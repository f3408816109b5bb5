import { BATCH_MAX } from '@wsadmin/contract';
import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

export function workspaceScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);

  describe('workspaces', () => {
    it('creates with the spec defaults and answers the detail shape (hcl)', async () => {
      const created = await api.ok('createWorkspace', { body: {} });
      expect(created).toEqual({
        id: expect.any(Number),
        name: `Workspace ${created.id}`,
        desc: '',
        adapter: 0,
        hcl: false,
        auto_add_member: false,
        date_offset: -1,
        dt: true,
        enable_dt: true,
        ddya: true,
        enable_ddya: true,
        ddra: true,
        enable_ddra: true,
        breakPointDisplayType: 0,
      });
      expect(await api.ok('getWorkspace', { params: { workspaceId: created.id } })).toEqual(created);
    });

    it.each([
      ['hc1 (the create spelling)', { hc1: true }, true],
      ['hcl (accepted alias)', { hcl: true }, true],
      ['both, hc1 wins', { hc1: false, hcl: true }, false],
    ])('takes the hide-titles switch as %s', async (_name, body, want) => {
      const created = await api.ok('createWorkspace', { body });
      expect(created.hcl).toBe(want);
      const listed = (await api.ok('listWorkspaces', {})).find((w) => w.id === created.id);
      expect(listed?.hc1).toBe(want);
      expect(listed).not.toHaveProperty('hcl');
    });

    it('filters the list on name and desc with q, case-insensitively', async () => {
      const tag = `q${crypto.randomUUID().slice(0, 8)}`;
      const byName = await api.ok('createWorkspace', { body: { name: `North ${tag.toUpperCase()}` } });
      const byDesc = await api.ok('createWorkspace', { body: { name: 'Other', desc: `about ${tag}` } });
      await api.ok('createWorkspace', { body: { name: 'Unrelated' } });
      const found = await api.ok('listWorkspaces', { query: { q: tag } });
      expect(found.map((w) => w.id).sort()).toEqual([byName.id, byDesc.id].sort());
      expect(await api.ok('listWorkspaces', { query: { q: `${tag}%` } })).toEqual([]);
    });

    it('edits only the fields sent, through hcl or its alias hc1', async () => {
      const created = await api.ok('createWorkspace', { body: { name: 'Before', desc: 'kept', dt: false } });
      const edited = await api.ok('updateWorkspace', {
        params: { workspaceId: created.id },
        body: { id: created.id, name: 'After', hc1: true },
      });
      expect(edited).toMatchObject({ name: 'After', desc: 'kept', dt: false, hcl: true });
    });

    it('refuses an edit whose body id differs from the path', async () => {
      const created = await api.ok('createWorkspace', { body: {} });
      const answer = await api.fails('updateWorkspace', 400, {
        params: { workspaceId: created.id },
        body: { id: created.id + 1000, name: 'x' },
      });
      expect(answer.errmsg).toMatch(/body\.id/);
    });

    it('creates a batch all or nothing, naming the invalid item', async () => {
      const before = await api.ok('listWorkspaces', {});
      const answer = await api.fails('createWorkspaces', 400, {
        body: { workspaces: [{ name: 'fine' }, { name: 'also fine' }, { date_offset: 'soon' }] },
      });
      expect(answer.errmsg).toContain('workspaces.2.date_offset');
      expect(await api.ok('listWorkspaces', {})).toEqual(before);
      const created = await api.ok('createWorkspaces', {
        body: { workspaces: [{ name: 'b1' }, { name: 'b2' }] },
      });
      expect(created.map((w) => w.name)).toEqual(['b1', 'b2']);
    });

    it('edits a batch all or nothing: an unknown id rejects every edit', async () => {
      const a = await api.ok('createWorkspace', { body: { name: 'batch-a' } });
      const answer = await api.fails('updateWorkspaces', 404, {
        body: {
          workspaces: [
            { id: a.id, name: 'renamed' },
            { id: 2_000_000_000, name: 'ghost' },
          ],
        },
      });
      expect(answer.errmsg).toContain('workspaces.1');
      expect((await api.ok('getWorkspace', { params: { workspaceId: a.id } })).name).toBe('batch-a');
      const edited = await api.ok('updateWorkspaces', { body: { workspaces: [{ id: a.id, hcl: true }] } });
      expect(edited[0]).toMatchObject({ id: a.id, name: 'batch-a', hcl: true });
    });

    it('reads update-workspaces as a static path, never as a workspace id', async () => {
      const answer = await api.fails('updateWorkspaces', 400, { body: { workspaces: [] } });
      expect(answer.errmsg).toContain('body.workspaces');
    });

    it.each([
      [
        'createWorkspaces',
        { workspaces: Array.from({ length: BATCH_MAX + 1 }, (_, i) => ({ name: `cap-${i}` })) },
      ],
      ['deleteWorkspaces', { workspaceIds: Array.from({ length: BATCH_MAX + 1 }, (_, i) => i + 1) }],
    ] as const)(
      'caps %s at BATCH_MAX items: a 400 naming the cap, nothing changed',
      async (operationId, body) => {
        const before = await api.ok('listWorkspaces', {});
        const answer = await api.fails(operationId, 400, { body });
        expect(answer.errmsg).toContain(String(BATCH_MAX));
        expect(answer.errmsg).toMatch(/body\.(workspaces|workspaceIds)/);
        expect(await api.ok('listWorkspaces', {})).toEqual(before);
      },
    );

    it('deletes one, and a batch all or nothing', async () => {
      const [a, b] = await api.ok('createWorkspaces', { body: { workspaces: [{}, {}] } });
      if (!a || !b) throw new Error('batch create returned too few');
      await api.ok('deleteWorkspace', { params: { workspaceId: a.id } });
      await api.fails('getWorkspace', 404, { params: { workspaceId: a.id } });
      await api.fails('deleteWorkspace', 404, { params: { workspaceId: a.id } });
      const answer = await api.fails('deleteWorkspaces', 404, { body: { workspaceIds: [b.id, a.id] } });
      expect(answer.errmsg).toContain('workspaceIds.1');
      await api.ok('getWorkspace', { params: { workspaceId: b.id } });
      await api.ok('deleteWorkspaces', { body: { workspaceIds: [b.id] } });
      await api.fails('getWorkspace', 404, { params: { workspaceId: b.id } });
    });
  });
}
