import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from './setup';

const server = serverForTests();
let ws: number;
/** uids of two models of the workspace (management models), for model permissions. */
let models: [string, string];

beforeAll(async () => {
  const { client } = server;
  ws = (await client.workspaces.create({ name: 'Permissions' })).id;
  const [region] = await client.dimensions.create(ws, [
    { type: 'string', format: 'text', names: ['region'] },
  ]);
  if (!region) throw new Error('one dimension expected');
  const model = (name: string) =>
    client
      .management(ws)
      .apply({ collection: 'models', action: 'create', changes: { name, dimensions: [region.id] } })
      .then(({ readBack }) => readBack.definition.uid);
  models = [await model('Sales model'), await model('Finance model')];
});

describe('member groups against the reference server', () => {
  it('creates, lists and deletes member groups', async () => {
    const groups = server.client.memberGroups(ws);
    const analysts = await groups.create({ name: 'Analysts' });
    const managers = await groups.create({ name: 'Managers' });
    expect(analysts).toEqual({ id: expect.any(Number), name: 'Analysts' });
    expect(await groups.list()).toEqual(expect.arrayContaining([analysts, managers]));
    await expect(server.client.memberGroups(ws, managers.id).delete()).resolves.toBeUndefined();
    expect((await groups.list()).map((g) => g.id)).not.toContain(managers.id);
    await expect(groups.create({ name: 'Analysts' })).rejects.toMatchObject({ errcode: 409 });
  });

  it('switches row permission on and sets rules that read back with their label', async () => {
    const { id } = await server.client.memberGroups(ws).create({ name: 'EU team' });
    const row = server.client.memberGroups(ws, id).rowPermission;
    expect(await row.getEnabled()).toEqual({ enableRowPermission: false });
    await row.setEnabled(true);
    expect(await row.getEnabled()).toEqual({ enableRowPermission: true });

    await row.set({
      rowPermissionMode: 2,
      rowPermission: [
        { effect: 'allow', resource: 'region', operator: 'equal', values: ['EU', 'UK'] },
        { effect: 'deny', resource: 'region', operator: 'startswith', values: ['X'], modelUids: [models[0]] },
      ],
    });
    expect(await row.get()).toEqual({
      rowPermissionMode: 2,
      rowPermission: [
        {
          effect: 'allow',
          resource: 'region',
          resourceLabel: 'region',
          operator: 'equal',
          values: ['EU', 'UK'],
        },
        {
          effect: 'deny',
          resource: 'region',
          resourceLabel: 'region',
          operator: 'startswith',
          values: ['X'],
          modelUids: [models[0]],
        },
      ],
    });
  });

  it('refuses a row rule on a dimension the workspace does not have (400 naming the rule)', async () => {
    const { id } = await server.client.memberGroups(ws).create({ name: 'Strict' });
    const row = server.client.memberGroups(ws, id).rowPermission;
    await expect(
      row.set({
        rowPermissionMode: 1,
        rowPermission: [{ effect: 'allow', resource: 'no such dimension', operator: 'equal', values: [1] }],
      }),
    ).rejects.toMatchObject({
      errcode: 400,
      reason: 'invalid_request',
      operationId: 'setMemberGroupRowPermission',
      issues: [{ path: 'body.rowPermission.0', message: expect.stringContaining('no such dimension') }],
    });
    expect(await row.get()).toEqual({ rowPermissionMode: 1, rowPermission: [] });
  });

  it('switches and sets the model permission of a group', async () => {
    const { id } = await server.client.memberGroups(ws).create({ name: 'Modellers' });
    const model = server.client.memberGroups(ws, id).modelPermission;
    expect(await model.getEnabled()).toEqual({ enableModelPermission: false });
    expect(await model.get()).toEqual({ effect: 'deny', resource: [] });
    await model.setEnabled(true);
    expect(await model.getEnabled()).toEqual({ enableModelPermission: true });
    await model.set({ effect: 'allow', resource: [models[1]] });
    expect(await model.get()).toEqual({ effect: 'allow', resource: [models[1]] });
  });
});

describe('members against the reference server', () => {
  it('adds an account as a member, lists it and removes it', async () => {
    const account = await server.client.accounts.create({ nickname: 'Member one' });
    const group = await server.client.memberGroups(ws).create({ name: 'Members group' });
    const member = await server.client
      .members(ws)
      .add({ uid: account.uid, role: 2, memberGroupIds: [group.id] });
    expect(member).toEqual({ uid: account.uid, role: 2, memberGroupIds: [group.id] });
    expect(await server.client.members(ws).list()).toContainEqual(member);
    await expect(server.client.members(ws, account.uid).remove()).resolves.toBeUndefined();
    expect((await server.client.members(ws).list()).map((m) => m.uid)).not.toContain(account.uid);
    await expect(server.client.members(ws, account.uid).remove()).rejects.toMatchObject({ errcode: 404 });
  });

  it('switches and sets the model permission of one member', async () => {
    const { uid } = await server.client.accounts.create({});
    await server.client.members(ws).add({ uid });
    const permission = server.client.members(ws, uid).modelPermission;
    expect(await permission.getEnabled()).toEqual({ enableModelPermission: false });
    await expect(permission.setEnabled(true)).resolves.toBeUndefined();
    expect(await permission.getEnabled()).toEqual({ enableModelPermission: true });
    expect(await permission.set({ effect: 'deny', resource: [models[0]] })).toEqual({
      effect: 'deny',
      resource: [models[0]],
    });
    expect(await permission.get()).toEqual({ effect: 'deny', resource: [models[0]] });
  });

  it('sets the model permissions of several members in one batch', async () => {
    const [a, b] = await server.client.accounts.createMany([{}, {}]);
    if (!a || !b) throw new Error('two accounts expected');
    await server.client.members(ws).add({ uid: a.uid });
    await server.client.members(ws).add({ uid: b.uid });
    const items = [
      { memberUid: a.uid, modelPermission: { effect: 'allow' as const, resource: [models[0], models[1]] } },
      { memberUid: b.uid, modelPermission: { effect: 'deny' as const, resource: [models[1]] } },
    ];
    expect(await server.client.members(ws).setModelPermissions(items)).toEqual(items);
    expect(await server.client.members(ws, a.uid).modelPermission.get()).toEqual(items[0]?.modelPermission);
    expect(await server.client.members(ws, b.uid).modelPermission.get()).toEqual(items[1]?.modelPermission);
  });

  it('rejects a batch naming an account that is not a member, changing nothing', async () => {
    const [member, outsider] = await server.client.accounts.createMany([{}, {}]);
    if (!member || !outsider) throw new Error('two accounts expected');
    await server.client.members(ws).add({ uid: member.uid });
    await expect(
      server.client.members(ws).setModelPermissions([
        { memberUid: member.uid, modelPermission: { effect: 'allow', resource: [models[0]] } },
        { memberUid: outsider.uid, modelPermission: { effect: 'allow', resource: [models[0]] } },
      ]),
    ).rejects.toMatchObject({ errcode: 404, issues: [{ path: 'body.memberModelPermission.1' }] });
    expect(await server.client.members(ws, member.uid).modelPermission.get()).toEqual({
      effect: 'deny',
      resource: [],
    });
  });
});
