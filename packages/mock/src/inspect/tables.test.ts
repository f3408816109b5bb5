import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../index-node';
import { MOCK_TABLE_NAMES, readTables } from './tables';

const ADA = '0b6f4c8e-3d2a-4f1b-9c7e-5a8d2e1f4b3c';
const mock = createMock({
  seed: {
    accounts: [{ uid: ADA, username: 'ada', email: 'ada@example.com', password: 'correct horse' }],
    workspaces: [
      {
        name: 'Sales',
        sources: [{ name: 'orders', fields: ['region', 'day'] }],
        timeSeries: [{ type: 'date', names: ['day'], timeUnit: 'day', table: 'orders', field: 'day' }],
        dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
        measures: [{ names: ['revenue'] }],
        memberGroups: [{ name: 'analysts' }],
        members: [{ uid: ADA, role: 2 }],
      },
      { name: 'Marketing' },
    ],
  },
});
afterAll(() => mock.close());

describe('readTables', () => {
  it('reads every table of the state from the storage, JSON columns parsed', async () => {
    const tables = await readTables(mock);
    expect(Object.keys(tables)).toEqual([...MOCK_TABLE_NAMES]);
    expect(tables.workspaces.map((row) => [row.id, row.name])).toEqual([
      [1, 'Sales'],
      [2, 'Marketing'],
    ]);
    expect(tables.dimensions).toMatchObject([
      { workspace_id: 1, name: 'region', definition: { type: 'string', names: ['region'] } },
    ]);
    expect(tables.measures).toMatchObject([
      { workspace_id: 1, name: 'revenue', definition: { names: ['revenue'] } },
    ]);
    expect(tables.timeSeries).toMatchObject([
      { workspace_id: 1, definition: { names: ['day'], timeUnit: 'day' } },
    ]);
    expect(tables.memberGroups).toMatchObject([{ workspace_id: 1, name: 'analysts' }]);
    expect(tables.members).toMatchObject([{ workspace_id: 1, account_uid: ADA, role: 2 }]);
    expect(tables.accounts).toMatchObject([{ uid: ADA, username: 'ada' }]);
  });

  it('never shows a password hash', async () => {
    const [account] = (await readTables(mock)).accounts;
    expect(account?.password_hash).toBe('[redacted]');
    const { db } = await mock.storage();
    const stored = await db.selectFrom('accounts').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).toEqual(expect.any(String));
    expect(JSON.stringify(await readTables(mock))).not.toContain(stored.password_hash);
  });

  it('sees a change made through the app at once', async () => {
    await mock.client.call('createWorkspace', { body: { name: 'Made now' } });
    expect((await readTables(mock)).workspaces.map((row) => row.name)).toEqual([
      'Sales',
      'Marketing',
      'Made now',
    ]);
    await mock.reset();
    expect((await readTables(mock)).workspaces).toHaveLength(2);
  });
});
