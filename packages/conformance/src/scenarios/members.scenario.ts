import type { OperationId } from '@wsadmin/contract';
import { type CallInput, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import { GHOST_ID, workspaceOf } from './fixtures';

/** A well-formed uuid4 that no account has. */
const UNKNOWN_UID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';

export function memberScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const workspace = workspaceOf(api);
  const account = async () => (await api.ok('createAccount', { body: {} })).uid;
  const group = async (workspaceId: number) =>
    (await api.ok('createMemberGroup', { params: { workspaceId }, body: { name: crypto.randomUUID() } })).id;
  const list = async (workspaceId: number) =>
    (await api.ok('listMembers', { params: { workspaceId } })).sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const add = (workspaceId: number, body: { uid: string; role?: 1 | 2 | 3; memberGroupIds?: number[] }) =>
    api.ok('addMember', { params: { workspaceId }, body });
  const permissionOf = (workspaceId: number, uid: string) =>
    api.ok('getMemberModelPermission', { params: { workspaceId, member_id: uid } });

  /** A workspace with two models and two members. */
  async function fixture() {
    const workspaceId = await workspace();
    const m1 = (await target().seedModel(workspaceId, { name: 'M1', dimensions: [] })).uid;
    const m2 = (await target().seedModel(workspaceId, { name: 'M2', dimensions: [] })).uid;
    const a = await account();
    const b = await account();
    await add(workspaceId, { uid: a });
    await add(workspaceId, { uid: b });
    return { workspaceId, m1, m2, a, b };
  }

  describe('members (extension)', () => {
    it('adds accounts as members (role 3 by default) with their groups, and lists them', async () => {
      const ws = await workspace();
      const [g1, g2] = [await group(ws), await group(ws)];
      const [a, b] = [await account(), await account()];
      expect(await add(ws, { uid: a })).toEqual({ uid: a, role: 3, memberGroupIds: [] });
      const withGroups = await add(ws, { uid: b, role: 2, memberGroupIds: [g2, g1, g2] });
      expect(withGroups).toEqual({ uid: b, role: 2, memberGroupIds: [g1, g2] });
      const expected = [
        { uid: a, role: 3, memberGroupIds: [] },
        { uid: b, role: 2, memberGroupIds: [g1, g2] },
      ].sort((x, y) => (x.uid < y.uid ? -1 : 1));
      expect(await list(ws)).toEqual(expected);
      expect(await list(await workspace())).toEqual([]);
    });

    it('refuses a second owner and the same account twice with 409, keeping the members', async () => {
      const ws = await workspace();
      const [owner, other] = [await account(), await account()];
      expect(await add(ws, { uid: owner, role: 1 })).toMatchObject({ role: 1 });
      const second = await api.fails('addMember', 409, {
        params: { workspaceId: ws },
        body: { uid: other, role: 1 },
      });
      expect(second.errmsg).toContain(`already has an owner (${owner})`);
      const twice = await api.fails('addMember', 409, {
        params: { workspaceId: ws },
        body: { uid: owner, role: 3 },
      });
      expect(twice.errmsg).toContain(`account ${owner} is already a member of workspace ${ws}`);
      expect(await list(ws)).toEqual([{ uid: owner, role: 1, memberGroupIds: [] }]);
      expect(await add(ws, { uid: other, role: 2 })).toMatchObject({ role: 2 });
      expect(await add(await workspace(), { uid: other, role: 1 })).toMatchObject({ role: 1 });
    });

    it.each<[string, (ws: number) => Promise<object>, number, RegExp]>([
      [
        'an unknown account',
        async () => ({ uid: UNKNOWN_UID }),
        404,
        new RegExp(`account ${UNKNOWN_UID} not found`),
      ],
      [
        'a group of another workspace',
        async (ws) => ({
          uid: await account(),
          memberGroupIds: [await group(ws), await group(await workspace())],
        }),
        404,
        /body\.memberGroupIds\.1: member group \d+ in workspace \d+ not found/,
      ],
      ['a uid that is not a uuid4', async () => ({ uid: 'alice' }), 400, /body\.uid/],
      ['role 4', async () => ({ uid: await account(), role: 4 }), 400, /body\.role/],
    ])('refuses %s, adding nobody', async (_name, body, code, message) => {
      const ws = await workspace();
      const answer = await api.fails('addMember', code, {
        params: { workspaceId: ws },
        body: await body(ws),
      });
      expect(answer.errmsg).toMatch(message);
      expect(await list(ws)).toEqual([]);
    });

    it('removes a member with its group memberships; deleting a group leaves the member', async () => {
      const ws = await workspace();
      const [g1, g2] = [await group(ws), await group(ws)];
      const uid = await account();
      await add(ws, { uid, memberGroupIds: [g1, g2] });
      await api.ok('deleteMemberGroup', { params: { workspaceId: ws, member_groups_pk: g1 } });
      expect(await list(ws)).toEqual([{ uid, role: 3, memberGroupIds: [g2] }]);
      await api.ok('removeMember', { params: { workspaceId: ws, member_uid: uid } });
      expect(await list(ws)).toEqual([]);
      const again = await api.fails('removeMember', 404, { params: { workspaceId: ws, member_uid: uid } });
      expect(again.errmsg).toBe(`member ${uid} in workspace ${ws} not found`);
      expect(await add(ws, { uid })).toEqual({ uid, role: 3, memberGroupIds: [] });
    });

    it('switches model permission on and off (the PUT answers the envelope only)', async () => {
      const { workspaceId, a, b } = await fixture();
      const params = { workspaceId, member_uid: a };
      expect(await api.ok('getMemberModelPermissionSwitch', { params })).toEqual({
        enableModelPermission: false,
      });
      for (const value of [true, false, true]) {
        const answer = await api.call('setMemberModelPermissionSwitch', {
          params,
          body: { enableModelPermission: value },
        });
        expect(answer).toMatchObject({ status: 200, errcode: 200, errmsg: 'success' });
        expect(answer.data).toBeUndefined();
        expect(await api.ok('getMemberModelPermissionSwitch', { params })).toEqual({
          enableModelPermission: value,
        });
      }
      const other = { workspaceId, member_uid: b };
      expect(await api.ok('getMemberModelPermissionSwitch', { params: other })).toEqual({
        enableModelPermission: false,
      });
    });

    it('sets the model permission of the path member (single form)', async () => {
      const { workspaceId, a, b, m1, m2 } = await fixture();
      const params = { workspaceId, member_id: a };
      expect(await permissionOf(workspaceId, a)).toEqual({ effect: 'deny', resource: [] });
      const allowed = { effect: 'allow', resource: [m1, m2] } as const;
      expect(await api.ok('setMemberModelPermission', { params, body: allowed })).toEqual(allowed);
      expect(await permissionOf(workspaceId, a)).toEqual(allowed);
      expect(await permissionOf(workspaceId, b)).toEqual({ effect: 'deny', resource: [] });

      const unknown = await api.fails('setMemberModelPermission', 400, {
        params,
        body: { effect: 'deny', resource: ['mdl_ghost'] },
      });
      expect(unknown.errmsg).toMatch(/body\.resource\.0: model "mdl_ghost" is not a model of workspace/);
      const effect = await api.fails('setMemberModelPermission', 400, {
        params,
        body: { effect: 'forbid', resource: [] },
      });
      expect(effect.errmsg).toContain('body.effect');
      expect(await permissionOf(workspaceId, a)).toEqual(allowed);
    });

    it('sets several members at once (batch form) and answers the same array', async () => {
      const { workspaceId, a, b, m1, m2 } = await fixture();
      const batch = [
        { memberUid: a, modelPermission: { effect: 'allow', resource: [m1] } },
        { memberUid: b, modelPermission: { effect: 'deny', resource: [m1, m2] } },
      ] as const;
      // The path member is not used by the batch form: it need not even be a member.
      const answer = await api.ok('setMemberModelPermission', {
        params: { workspaceId, member_id: 'batch' },
        body: { memberModelPermission: batch },
      });
      expect(answer).toEqual(batch);
      expect(await permissionOf(workspaceId, a)).toEqual(batch[0].modelPermission);
      expect(await permissionOf(workspaceId, b)).toEqual(batch[1].modelPermission);
    });

    it.each<[string, (f: Awaited<ReturnType<typeof fixture>>) => Promise<object>, number, RegExp]>([
      [
        'an account that is not a member here',
        async () => {
          const outsider = await account();
          await add(await workspace(), { uid: outsider });
          return { memberUid: outsider, modelPermission: { effect: 'allow', resource: [] } };
        },
        404,
        /body\.memberModelPermission\.1: member [\w-]+ in workspace \d+ not found/,
      ],
      [
        'an unknown model',
        async (f) => ({
          memberUid: f.b,
          modelPermission: { effect: 'allow', resource: [f.m1, 'mdl_ghost'] },
        }),
        400,
        /body\.memberModelPermission\.1: modelPermission\.resource\.1: model "mdl_ghost"/,
      ],
      [
        'an unknown effect',
        async (f) => ({ memberUid: f.b, modelPermission: { effect: 'forbid', resource: [] } }),
        400,
        /body\.memberModelPermission\.1\.modelPermission\.effect/,
      ],
    ])('refuses a batch with %s all or nothing, naming the item', async (_name, second, code, message) => {
      const f = await fixture();
      const first = { memberUid: f.a, modelPermission: { effect: 'allow', resource: [f.m2] } };
      const answer = await api.fails('setMemberModelPermission', code, {
        params: { workspaceId: f.workspaceId, member_id: f.a },
        body: { memberModelPermission: [first, await second(f)] },
      });
      expect(answer.errmsg).toMatch(message);
      for (const uid of [f.a, f.b]) {
        expect(await permissionOf(f.workspaceId, uid)).toEqual({ effect: 'deny', resource: [] });
      }
    });

    const memberCalls: Array<[OperationId, 'member_uid' | 'member_id', CallInput<OperationId>['body']]> = [
      ['removeMember', 'member_uid', undefined],
      ['getMemberModelPermissionSwitch', 'member_uid', undefined],
      ['setMemberModelPermissionSwitch', 'member_uid', { enableModelPermission: true }],
      ['getMemberModelPermission', 'member_id', undefined],
      ['setMemberModelPermission', 'member_id', { effect: 'allow', resource: [] }],
    ];
    it.each(memberCalls)(
      '%s answers 404 for an unknown member and an unknown workspace',
      async (id, name, body) => {
        const ws = await workspace();
        const elsewhere = await account();
        await add(await workspace(), { uid: elsewhere });
        for (const [workspaceId, uid, what] of [
          [ws, elsewhere, `member ${elsewhere} in workspace ${ws}`],
          [ws, 'nobody', `member nobody in workspace ${ws}`],
          [GHOST_ID, elsewhere, `workspace ${GHOST_ID}`],
        ] as const) {
          const answer = await api.fails(id, 404, { params: { workspaceId, [name]: uid }, body });
          expect(answer.errmsg).toBe(`${what} not found`);
        }
      },
    );

    it.each([
      ['listMembers', undefined],
      ['addMember', { uid: UNKNOWN_UID }],
    ] as const)('%s answers 404 for an unknown workspace', async (id, body) => {
      const answer = await api.fails(id, 404, { params: { workspaceId: GHOST_ID }, body });
      expect(answer.errmsg).toBe(`workspace ${GHOST_ID} not found`);
    });
  });
}
