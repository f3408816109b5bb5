import { createClient } from '@wsadmin/sdk';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '../index-node';
import { KIND_TABLES } from './kinds';
import { REDACTED } from './redact';

function setup() {
  const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] } });
  const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: mock.fetch, retries: 0 });
  return { mock, client };
}

describe('what each request changed', () => {
  it('gives a workspace created, updated and deleted with the row before and after', async () => {
    const { mock, client } = setup();
    const { id } = await client.workspaces.create({ name: 'Marketing' });
    await client.workspaces.update(id, { name: 'Growth' });
    await client.workspaces.delete(id);
    await client.workspaces.list();
    const [created, updated, deleted, listed] = mock.requests.map((entry) => entry.changes);
    expect(created).toEqual([
      expect.objectContaining({ kind: 'workspace', table: 'workspaces', action: 'created', id }),
    ]);
    expect(created?.[0]?.before).toBeUndefined();
    expect(created?.[0]?.after).toMatchObject({ id, name: 'Marketing' });
    expect(updated).toEqual([
      expect.objectContaining({
        kind: 'workspace',
        action: 'updated',
        id,
        before: expect.objectContaining({ name: 'Marketing' }),
        after: expect.objectContaining({ name: 'Growth' }),
      }),
    ]);
    expect(deleted).toContainEqual(
      expect.objectContaining({
        kind: 'workspace',
        action: 'deleted',
        id,
        before: expect.objectContaining({ name: 'Growth' }),
      }),
    );
    expect(deleted?.find((change) => change.kind === 'workspace')?.after).toBeUndefined();
    expect(listed).toEqual([]);
  });

  it('gives every row of a batch create, and no change to a failed request', async () => {
    const { mock, client } = setup();
    await client.workspaces.createMany([{ name: 'A' }, { name: 'B' }]);
    await expect(client.workspaces.createMany([{ name: 'C' }, { name: '' }])).rejects.toMatchObject({
      errcode: 400,
    });
    const [batch, refused] = mock.requests;
    expect(batch?.changes.map((change) => [change.kind, change.action, change.after?.name])).toEqual([
      ['workspace', 'created', 'A'],
      ['workspace', 'created', 'B'],
    ]);
    expect(refused?.changes).toEqual([]);
  });

  it('names a management object by its kind, and an operation record by its own', async () => {
    const { mock, client } = setup();
    const measures = client.management(1).measures;
    const changes = { names: ['revenue'] };
    const { planToken } = await measures.preview({ action: 'create', changes });
    await measures.commitCreate({ changes, planToken });
    const [preview, commit] = mock.requests;
    expect(preview?.changes.map((change) => change.kind)).toEqual(['planToken']);
    const kinds = commit?.changes.map((change) => `${change.kind} ${change.action}`);
    expect(kinds).toContain('measure created');
    expect(kinds).toContain('planToken updated');
    const measure = commit?.changes.find((change) => change.kind === 'measure');
    expect(measure).toMatchObject({ table: 'objects', after: { kind: 'measures', workspace_id: 1 } });
    expect(JSON.parse(String(measure?.after?.definition))).toMatchObject({ names: ['revenue'] });
    expect(JSON.stringify(commit?.changes)).not.toContain(planToken);
  });

  it('redacts the password hash of an account', async () => {
    const { mock, client } = setup();
    const account = await client.accounts.create({ username: 'ada', password: 'correct horse battery' });
    await client.accounts.update(account.uid, { password: 'another horse battery' });
    const [created, updated] = mock.requests;
    expect(created?.changes).toEqual([
      expect.objectContaining({
        kind: 'account',
        action: 'created',
        id: account.uid,
        after: expect.objectContaining({ username: 'ada', password_hash: REDACTED }),
      }),
    ]);
    expect(updated?.changes[0]).toMatchObject({
      before: { password_hash: REDACTED },
      after: { password_hash: REDACTED },
    });
    const stored = await sql<{ password_hash: string }>`select password_hash from accounts`.execute(
      (await mock.storage()).db,
    );
    const hash = stored.rows[0]?.password_hash ?? '';
    expect(hash.length).toBeGreaterThan(10);
    expect(JSON.stringify(mock.requests)).not.toContain(hash);
  });

  it('leaves rows written outside a request (mock.client, createKey) to no entry', async () => {
    const { mock, client } = setup();
    await mock.client.call('createWorkspace', { body: { name: 'Arranged' } });
    await mock.createKey();
    await client.workspaces.list();
    expect(mock.requests.map((entry) => entry.changes)).toEqual([[]]);
  });

  it('gives the rows of the first request after reset() and restore() (the capture is set up then)', async () => {
    const { mock, client } = setup();
    const snapshot = JSON.parse(JSON.stringify(await mock.snapshot()));
    await mock.reset();
    await mock.client.call('createWorkspace', { body: { name: 'Arranged' } });
    await client.workspaces.create({ name: 'After reset' });
    await mock.restore(snapshot);
    await client.workspaces.create({ name: 'After restore' });
    expect(mock.requests.map((entry) => entry.changes.map((change) => change.after?.name))).toEqual([
      ['After reset'],
      ['After restore'],
    ]);
  });

  it('has a kind for every table of the database', async () => {
    const { mock } = setup();
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      (await mock.storage()).db,
    );
    const missing = tables.rows.map((row) => row.name).filter((name) => !KIND_TABLES.includes(name));
    expect(missing).toEqual([]);
  });
});
