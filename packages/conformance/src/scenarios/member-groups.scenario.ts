import type { OperationId } from '@wsadmin/contract';
import { type CallInput, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { GHOST_ID, workspaceOf } from './fixtures';

export function memberGroupScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);
  const group = async (workspaceId: number, name = `group-${crypto.randomUUID().slice(0, 8)}`) =>
    api.ok('createMemberGroup', { params: { workspaceId }, body: { name } });
  const groupPath = (workspaceId: number, id: number) => ({ workspaceId, member_groups_pk: id });

  /** Dimensions by keyword; each item is `[keyword, ...aliases]`. */
  async function dimensions(workspaceId: number, ...names: string[][]) {
    const created = await api.ok('createDimensions', {
      params: { workspaceId },
      body: { dimensions: names.map((n) => ({ type: 'string', format: 'text', names: n })) },
    });
    return Object.fromEntries(created.map((d) => [d.names[0] ?? '', d.id]));
  }

  /**
   * A workspace with dimensions city (alias town) and channel, model `cityOnly` holding city and
   * model `both` holding city and channel, and one member group.
   */
  async function permissionFixture() {
    const workspaceId = await workspace();
    const dims = await dimensions(workspaceId, ['city', 'town'], ['channel']);
    const city = dims.city ?? 0;
    const channel = dims.channel ?? 0;
    const cityOnly = await target().seedModel(workspaceId, { name: 'City only', dimensions: [city] });
    const both = await target().seedModel(workspaceId, { name: 'Both', dimensions: [city, channel] });
    const { id } = await group(workspaceId);
    return { workspaceId, cityOnly: cityOnly.uid, both: both.uid, params: groupPath(workspaceId, id) };
  }

  describe('member groups (extension)', () => {
    it('creates, lists and deletes groups; a name is unique within its workspace', async () => {
      const ws = await workspace();
      const sales = await group(ws, 'Sales');
      const ops = await group(ws, 'Ops');
      expect(sales).toEqual({ id: expect.any(Number), name: 'Sales' });
      expect(await api.ok('listMemberGroups', { params: { workspaceId: ws } })).toEqual([sales, ops]);

      const taken = await api.fails('createMemberGroup', 409, {
        params: { workspaceId: ws },
        body: { name: 'Sales' },
      });
      expect(taken.errmsg).toContain('"Sales"');
      expect(await group(await workspace(), 'Sales')).toMatchObject({ name: 'Sales' });

      await api.ok('deleteMemberGroup', { params: groupPath(ws, sales.id) });
      expect(await api.ok('listMemberGroups', { params: { workspaceId: ws } })).toEqual([ops]);
      await api.fails('deleteMemberGroup', 404, { params: groupPath(ws, sales.id) });
      await api.fails('getMemberGroupRowPermission', 404, { params: groupPath(ws, sales.id) });
      expect(await group(ws, 'Sales')).toMatchObject({ name: 'Sales' });
    });

    it.each([
      ['an empty name', { name: '  ' }, 'body.name'],
      ['an unknown field', { name: 'x', color: 'red' }, 'color'],
    ])('refuses %s with 400', async (_name, body, field) => {
      const ws = await workspace();
      expect(
        (await api.fails('createMemberGroup', 400, { params: { workspaceId: ws }, body })).errmsg,
      ).toContain(field);
      expect(await api.ok('listMemberGroups', { params: { workspaceId: ws } })).toEqual([]);
    });

    it('starts with both switches off, mode 1 without rules, and the neutral model permission', async () => {
      const ws = await workspace();
      const params = groupPath(ws, (await group(ws)).id);
      expect(await api.ok('getMemberGroupRowPermissionSwitch', { params })).toEqual({
        enableRowPermission: false,
      });
      expect(await api.ok('getMemberGroupModelPermissionSwitch', { params })).toEqual({
        enableModelPermission: false,
      });
      expect(await api.ok('getMemberGroupRowPermission', { params })).toEqual({
        rowPermissionMode: 1,
        rowPermission: [],
      });
      expect(await api.ok('getMemberGroupModelPermission', { params })).toEqual({
        effect: 'deny',
        resource: [],
      });
    });

    it.each([
      [
        'row',
        'getMemberGroupRowPermissionSwitch',
        'setMemberGroupRowPermissionSwitch',
        'enableRowPermission',
      ],
      [
        'model',
        'getMemberGroupModelPermissionSwitch',
        'setMemberGroupModelPermissionSwitch',
        'enableModelPermission',
      ],
    ] as const)(
      'switches %s permission on and off, answering the new value',
      async (_kind, get, set, field) => {
        const ws = await workspace();
        const params = groupPath(ws, (await group(ws)).id);
        const other = groupPath(ws, (await group(ws)).id);
        for (const value of [true, false, true]) {
          expect(await api.ok(set, { params, body: { [field]: value } })).toEqual({ [field]: value });
          expect(await api.ok(get, { params })).toEqual({ [field]: value });
        }
        expect(await api.ok(get, { params: other })).toEqual({ [field]: false });
        const answer = await api.fails(set, 400, { params, body: { [field]: 'yes' } });
        expect(answer.errmsg).toContain(`body.${field}`);
        expect(await api.ok(get, { params })).toEqual({ [field]: true });
      },
    );

    it('stores row rules and answers them with resourceLabel, legacy modelUid as modelUids', async () => {
      const { params, cityOnly, both } = await permissionFixture();
      const rowPermission = [
        { effect: 'allow', resource: 'city', values: ['Paris', 75], operator: 'equal' },
        { effect: 'deny', resource: 'channel', values: [], operator: 'isNull', modelUids: [both] },
        { effect: 'allow', resource: 'city', values: ['Ly'], operator: 'startswith', modelUid: cityOnly },
      ];
      const saved = await api.ok('setMemberGroupRowPermission', {
        params,
        body: { rowPermissionMode: 2, rowPermission },
      });
      expect(saved).toEqual({
        rowPermissionMode: 2,
        rowPermission: [
          {
            effect: 'allow',
            resource: 'city',
            resourceLabel: 'city',
            values: ['Paris', 75],
            operator: 'equal',
          },
          {
            effect: 'deny',
            resource: 'channel',
            resourceLabel: 'channel',
            values: [],
            operator: 'isNull',
            modelUids: [both],
          },
          {
            effect: 'allow',
            resource: 'city',
            resourceLabel: 'city',
            values: ['Ly'],
            operator: 'startswith',
            modelUids: [cityOnly],
          },
        ],
      });
      expect(saved.rowPermission[0]).not.toHaveProperty('modelUids');
      expect(saved.rowPermission[2]).not.toHaveProperty('modelUid');
      expect(await api.ok('getMemberGroupRowPermission', { params })).toEqual(saved);

      const cleared = await api.ok('setMemberGroupRowPermission', {
        params,
        body: { rowPermissionMode: 1, rowPermission: [] },
      });
      expect(cleared).toEqual({ rowPermissionMode: 1, rowPermission: [] });
      expect(await api.ok('getMemberGroupRowPermission', { params })).toEqual(cleared);
    });

    type Fixture = Awaited<ReturnType<typeof permissionFixture>>;
    const good = { effect: 'allow', resource: 'city', values: ['Paris'], operator: 'equal' };
    it.each<[string, (f: Fixture) => object, RegExp]>([
      [
        'an unknown dimension keyword',
        () => ({ ...good, resource: 'nowhere' }),
        /rowPermission\.1: .*"nowhere"/,
      ],
      [
        'an alias instead of the keyword',
        () => ({ ...good, resource: 'town' }),
        /rowPermission\.1: .*"town"/,
      ],
      ['empty modelUids', () => ({ ...good, modelUids: [] }), /rowPermission\.1\.modelUids/],
      [
        'an unknown model',
        () => ({ ...good, modelUids: ['mdl_ghost'] }),
        /rowPermission\.1: modelUids\.0: .*"mdl_ghost"/,
      ],
      [
        'a model without the dimension',
        (f) => ({ ...good, resource: 'channel', modelUids: [f.both, f.cityOnly] }),
        /rowPermission\.1: modelUids\.1: model "[^"]+" \(City only\) does not contain dimension "channel"/,
      ],
      [
        'a legacy modelUid without the dimension',
        (f) => ({ ...good, resource: 'channel', modelUid: f.cityOnly }),
        /rowPermission\.1: modelUid: .*"channel"/,
      ],
      [
        'both modelUid and modelUids',
        (f) => ({ ...good, modelUid: f.both, modelUids: [f.both] }),
        /rowPermission\.1: .*not both/,
      ],
      ['an unknown operator', () => ({ ...good, operator: 'like' }), /rowPermission\.1\.operator/],
      ['an unknown effect', () => ({ ...good, effect: 'forbid' }), /rowPermission\.1\.effect/],
      [
        'a missing values list',
        () => ({ effect: 'allow', resource: 'city', operator: 'equal' }),
        /rowPermission\.1\.values/,
      ],
    ])('refuses %s with 400 naming the rule, keeping the stored rules', async (_name, badRule, message) => {
      const fixture = await permissionFixture();
      const { params } = fixture;
      const before = await api.ok('setMemberGroupRowPermission', {
        params,
        body: { rowPermissionMode: 2, rowPermission: [good] },
      });
      const answer = await api.fails('setMemberGroupRowPermission', 400, {
        params,
        body: { rowPermissionMode: 1, rowPermission: [good, badRule(fixture)] },
      });
      expect(answer.errmsg).toMatch(message);
      expect(await api.ok('getMemberGroupRowPermission', { params })).toEqual(before);
    });

    it('refuses mode 3 and a model of another workspace', async () => {
      const { params, both } = await permissionFixture();
      const mode = await api.fails('setMemberGroupRowPermission', 400, {
        params,
        body: { rowPermissionMode: 3, rowPermission: [good] },
      });
      expect(mode.errmsg).toContain('body.rowPermissionMode');
      const elsewhere = await permissionFixture();
      const foreign = await api.fails('setMemberGroupRowPermission', 400, {
        params: elsewhere.params,
        body: { rowPermissionMode: 1, rowPermission: [{ ...good, modelUids: [both] }] },
      });
      expect(foreign.errmsg).toContain(
        `rowPermission.0: modelUids.0: model "${both}" is not a model of workspace`,
      );
      for (const p of [params, elsewhere.params]) {
        expect(await api.ok('getMemberGroupRowPermission', { params: p })).toEqual({
          rowPermissionMode: 1,
          rowPermission: [],
        });
      }
    });

    it('still reads a rule whose dimension was renamed or deleted, labelled by its resource', async () => {
      const ws = await workspace();
      const dims = await dimensions(ws, ['region'], ['zone']);
      const params = groupPath(ws, (await group(ws)).id);
      const rules = [
        { effect: 'allow', resource: 'region', values: ['north'], operator: 'contain' },
        { effect: 'deny', resource: 'zone', values: ['z1'], operator: 'endswith' },
      ];
      await api.ok('setMemberGroupRowPermission', {
        params,
        body: { rowPermissionMode: 1, rowPermission: rules },
      });
      await api.ok('updateDimensions', {
        params: { workspaceId: ws },
        body: { measures: [{ id: dims.region ?? 0, type: 'string', format: 'text', names: ['area'] }] },
      });
      await api.ok('deleteDimensions', {
        params: { workspaceId: ws },
        body: { dimensionIds: [dims.zone ?? 0] },
      });
      expect(await api.ok('getMemberGroupRowPermission', { params })).toEqual({
        rowPermissionMode: 1,
        rowPermission: rules.map((rule) => ({ ...rule, resourceLabel: rule.resource })),
      });
      const stale = await api.fails('setMemberGroupRowPermission', 400, {
        params,
        body: { rowPermissionMode: 1, rowPermission: rules },
      });
      expect(stale.errmsg).toMatch(/rowPermission\.0: resource "region"/);
    });

    it('sets the model permission to models of the workspace only', async () => {
      const { params, cityOnly, both } = await permissionFixture();
      const allowed = { effect: 'allow', resource: [cityOnly, both] } as const;
      expect(await api.ok('setMemberGroupModelPermission', { params, body: allowed })).toEqual(allowed);
      expect(await api.ok('getMemberGroupModelPermission', { params })).toEqual(allowed);

      const unknown = await api.fails('setMemberGroupModelPermission', 400, {
        params,
        body: { effect: 'deny', resource: [both, 'mdl_ghost'] },
      });
      expect(unknown.errmsg).toMatch(/body\.resource\.1: model "mdl_ghost"/);
      const effect = await api.fails('setMemberGroupModelPermission', 400, {
        params,
        body: { effect: 'forbid', resource: [] },
      });
      expect(effect.errmsg).toContain('body.effect');
      expect(await api.ok('getMemberGroupModelPermission', { params })).toEqual(allowed);

      const denied = { effect: 'deny', resource: [both] } as const;
      expect(await api.ok('setMemberGroupModelPermission', { params, body: denied })).toEqual(denied);
      expect(await api.ok('getMemberGroupModelPermission', { params })).toEqual(denied);
    });

    const groupCalls: Array<[OperationId, CallInput<OperationId>['body']]> = [
      ['deleteMemberGroup', undefined],
      ['getMemberGroupRowPermissionSwitch', undefined],
      ['setMemberGroupRowPermissionSwitch', { enableRowPermission: true }],
      ['getMemberGroupRowPermission', undefined],
      ['setMemberGroupRowPermission', { rowPermissionMode: 1, rowPermission: [] }],
      ['getMemberGroupModelPermissionSwitch', undefined],
      ['setMemberGroupModelPermissionSwitch', { enableModelPermission: true }],
      ['getMemberGroupModelPermission', undefined],
      ['setMemberGroupModelPermission', { effect: 'allow', resource: [] }],
    ];
    it.each(groupCalls)(
      '%s answers 404 for an unknown group, a group of another workspace, an unknown workspace',
      async (id, body) => {
        const ws = await workspace();
        const foreign = await group(await workspace());
        for (const [params, what] of [
          [groupPath(ws, GHOST_ID), `member group ${GHOST_ID} in workspace ${ws}`],
          [groupPath(ws, foreign.id), `member group ${foreign.id} in workspace ${ws}`],
          [groupPath(GHOST_ID, foreign.id), `workspace ${GHOST_ID}`],
        ] as const) {
          expect((await api.fails(id, 404, { params, body })).errmsg).toBe(`${what} not found`);
        }
      },
    );

    it.each([
      ['listMemberGroups', undefined],
      ['createMemberGroup', { name: 'x' }],
    ] as const)('%s answers 404 for an unknown workspace', async (id, body) => {
      const answer = await api.fails(id, 404, { params: { workspaceId: GHOST_ID }, body });
      expect(answer.errmsg).toBe(`workspace ${GHOST_ID} not found`);
    });

    it('goes away with its workspace, members included', async () => {
      const ws = await workspace();
      const { id } = await group(ws);
      const { uid } = await api.ok('createAccount', { body: {} });
      await api.ok('addMember', { params: { workspaceId: ws }, body: { uid, memberGroupIds: [id] } });
      await api.ok('setMemberGroupRowPermissionSwitch', {
        params: groupPath(ws, id),
        body: { enableRowPermission: true },
      });
      await api.ok('deleteWorkspace', { params: { workspaceId: ws } });
      for (const op of ['getMemberGroupRowPermissionSwitch', 'getMemberGroupRowPermission'] as const) {
        await api.fails(op, 404, { params: groupPath(ws, id) });
      }
      await api.fails('getMemberModelPermission', 404, { params: { workspaceId: ws, member_id: uid } });
      await api.fails('listMemberGroups', 404, { params: { workspaceId: ws } });
    });
  });
}
