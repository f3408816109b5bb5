import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { fakeDurableObjectStorage, fakeNamespace } from '../../test/fake-durable-object';
import { createWorker, type WorkerEnv } from './cloudflare-workers';
import { KEY_ADMIN_PATH } from './key-admin';

/**
 * A Worker's key administration route (`/__admin__/keys/`) keeps the rules of `wsadmin-keys create`
 * (auth/new-key-rules.ts): what the command refuses, the route refuses, naming the body field.
 */
const SQL = await initSqlJs();
const BOOTSTRAP = 'wsk_key-admin-test-bootstrap-0123456789';

function worker() {
  const db = new SQL.Database();
  db.run('PRAGMA foreign_keys = ON');
  const env: WorkerEnv = { WSADMIN_BOOTSTRAP_KEY: BOOTSTRAP };
  env.WSADMIN = fakeNamespace(fakeDurableObjectStorage(db), env);
  const app = createWorker();
  /** A POST with `body`, or a GET (the list) without. */
  return (body?: unknown) =>
    app.fetch(
      new Request(`https://wsadmin.example${KEY_ADMIN_PATH}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      env,
    );
}

describe(`POST ${KEY_ADMIN_PATH}`, () => {
  it.each([
    [
      'an empty permission list (stored, it would mean every permission)',
      { permissions: [] },
      'body.permissions is empty',
    ],
    ['an unknown permission', { permissions: ['root'] }, 'unknown permission "root" in body.permissions'],
    ['workspace id 0', { workspaceIds: [0] }, 'workspace id 0 in body.workspaceIds'],
    ['a fractional workspace id', { workspaceIds: [1.5] }, 'workspace id 1.5 in body.workspaceIds'],
    ['an expiry in the past', { expiresAt: '2001-01-01' }, 'body.expiresAt 2001-01-01 is not in the future'],
    [
      'an expiry that is no date',
      { expiresAt: 'next week' },
      'body.expiresAt "next week" is not an ISO-8601',
    ],
    ['a blank name', { name: '   ' }, 'body.name is empty'],
    ['a name too long', { name: 'n'.repeat(256) }, 'body.name is longer than'],
  ])('refuses %s with 400 naming the field, and makes no key', async (_case, change, message) => {
    const admin = worker();
    const keysBefore = await (await admin()).text();
    const answer = await admin({ name: 'edge', ...change });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { errcode: number; errmsg: string };
    expect(body.errcode).toBe(400);
    expect(body.errmsg).toContain(message);
    expect(await (await admin()).text()).toBe(keysBefore);
  });

  it('takes an empty workspace list as no workspace, as it is stored (null or none: every workspace)', async () => {
    const admin = worker();
    const answer = await admin({ name: 'accounts only', workspaceIds: [] });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { id: string } };
    const listed = (await (await admin()).json()) as { data: Record<string, unknown>[] };
    expect(listed.data.find((key) => key.id === data.id)).toMatchObject({ workspaceIds: [] });
  });

  it('refuses a body of the wrong shape, naming the field', async () => {
    const answer = await worker()({ name: 'edge', workspaceIds: ['1'] });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errmsg: string }).errmsg).toMatch(/^body\.workspaceIds\.0: /);
  });

  it('makes a key with the values normalized as the command does: repeats dropped, a date in UTC', async () => {
    const admin = worker();
    const answer = await admin({
      name: ' edge ',
      permissions: ['auth', 'auth', 'workspace'],
      workspaceIds: [2, 2, 1],
      expiresAt: '2999-01-31',
    });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { id: string; secret: string } };
    expect(data.secret).toMatch(/^wsk_/);
    const listed = (await (await admin()).json()) as { data: Record<string, unknown>[] };
    expect(listed.data.find((key) => key.id === data.id)).toMatchObject({
      name: 'edge',
      permissions: ['auth', 'workspace'],
      workspaceIds: [2, 1],
      expiresAt: '2999-01-31T00:00:00.000Z',
    });
  });
});
