import { it } from 'vitest';
import { useServer } from './setup';

const server = useServer();
it('prints', async () => {
  const c = server.client;
  const ws = (await c.workspaces.create({})).id;
  const g = await c.memberGroups(ws).create({ name: 'x' });
  const show = (p: Promise<unknown>) =>
    p.then(
      (d) => console.log('OK', JSON.stringify(d)),
      (e) =>
        console.log(e.name, e.errcode, e.reason, e.errmsg, JSON.stringify(e.issues), e.status, e.operationId),
    );
  await show(
    c
      .memberGroups(ws, g.id)
      .rowPermission.set({
        rowPermissionMode: 1,
        rowPermission: [{ effect: 'allow', resource: 'nope', operator: 'equal', values: [1] }],
      }),
  );
  const [a, b] = await c.accounts.createMany([{}, {}]);
  await c.members(ws).add({ uid: a!.uid });
  await show(
    c.members(ws).setModelPermissions([
      { memberUid: a!.uid, modelPermission: { effect: 'allow', resource: [] } },
      { memberUid: b!.uid, modelPermission: { effect: 'allow', resource: [] } },
    ]),
  );
  await show(c.workspaces.create({ name: '' }));
  await show(c.accounts.fetch('nobody'));
  await show(c.accounts.get('nobody'));
  await show(c.accounts.projects(a!.uid).page());
  await show(c.auth.check('garbage'));
});
