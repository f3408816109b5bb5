import { authDataKeyOf, findKeyBySecret, hashSecret, listKeys } from '@wsadmin/server-core';
import { runBundled, tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

const CLI = 'packages/server/src/bin/keys.ts';
const database = tempDatabase('wsadmin-keys-');
// The command bundled as its build ships it: tsx would compile the sources again at every run.
const keys = (...args: string[]) => runBundled(CLI, args, { DATABASE_URL: database.url });

const PUBLIC_FIELDS = [
  'createdAt',
  'description',
  'expiresAt',
  'id',
  'name',
  'permissions',
  'revokedAt',
  'workspaceIds',
].sort();

interface Listed {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  workspaceIds: number[] | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

async function list(): Promise<{ stdout: string; keys: Listed[] }> {
  const run = await keys('list');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.split('\n').filter((line) => line !== '');
  return { stdout: run.stdout, keys: lines.map((line) => JSON.parse(line) as Listed) };
}

async function create(...args: string[]): Promise<{ id: string; secret: string }> {
  const run = await keys('create', ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.split('\n');
  // Exactly one JSON line, so `npm run -s keys -- create ... | jq -r .secret` works.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('');
  const created = JSON.parse(lines[0] ?? '') as { id: string; secret: string };
  expect(Object.keys(created).sort()).toEqual(['id', 'secret']);
  return created;
}

let server: RunningServer;
/** Secrets created by the tests above, in order. */
const createdSecrets: string[] = [];
async function scope(secret: string) {
  const response = await fetch(`${server.url}/openapi/v1/scopes/`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const body = (await response.json()) as { errcode: number; errmsg: string; data?: Record<string, unknown> };
  return { status: response.status, ...body };
}

beforeAll(async () => {
  // The server runs on the same file while the CLI writes to it, as an operator would do it.
  server = await startServer(readConfig({ PORT: '0', DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
});
afterAll(async () => {
  await server?.close();
  database.remove();
});

describe('npm run keys', () => {
  it('creates a restricted key that the running server accepts with exactly that scope', async () => {
    const workspace = await fetch(`${server.url}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.createdKeySecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'cli-visible' }),
    });
    const workspaceId = ((await workspace.json()) as { data: { id: number } }).data.id;

    const created = await create(
      '--name',
      'ci',
      '--description',
      'for the pipeline',
      '--permissions',
      'workspace,data',
      '--workspaces',
      `${workspaceId},999999`,
      '--expires',
      '2099-06-30T12:00:00+02:00',
    );
    expect(created.id).toMatch(/^key_/);
    expect(created.secret).toMatch(/^wsk_.{20,}$/);

    const answer = await scope(created.secret);
    expect(answer).toMatchObject({
      status: 200,
      errcode: 200,
      data: {
        id: created.id,
        name: 'ci',
        desc: 'for the pipeline',
        permissions: ['workspace', 'data'],
        expired_at: '2099-06-30T10:00:00.000Z',
        workspaces: [{ id: workspaceId, name: 'cli-visible', desc: '' }],
      },
    });
    // The key lacks the `account` feature permission.
    const accounts = await fetch(`${server.url}/openapi/v1/accounts/`, {
      headers: { authorization: `Bearer ${created.secret}` },
    });
    expect(accounts.status).toBe(403);
    createdSecrets.push(created.secret);
  });

  it('lists every key with its public fields only, never a secret or anything derived from it', async () => {
    const created = await create('--name', 'listed', '--permissions', 'auth');
    const { stdout, keys: listed } = await list();

    expect(listed.map((key) => key.name)).toEqual(['bootstrap', 'ci', 'listed']);
    for (const key of listed) expect(Object.keys(key).sort()).toEqual(PUBLIC_FIELDS);
    expect(listed[2]).toEqual({
      id: created.id,
      name: 'listed',
      description: '',
      permissions: ['auth'],
      workspaceIds: null,
      expiresAt: null,
      revokedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(listed[1]).toMatchObject({ workspaceIds: [expect.any(Number), 999999] });

    const secrets = [created.secret, ...createdSecrets, server.createdKeySecret ?? ''];
    expect(secrets).toHaveLength(3);
    for (const secret of secrets) {
      expect(secret).not.toBe('');
      expect(stdout).not.toContain(secret);
      expect(stdout).not.toContain(await hashSecret(secret));
      expect(stdout).not.toContain(await authDataKeyOf(secret));
    }
    createdSecrets.push(created.secret);
  });

  it('revokes a key: the server answers 401 for it from the next request on, other keys keep working', async () => {
    const [kept, revoked] = createdSecrets;
    const revokedKey = await findKeyBySecret(server.storage.db, revoked ?? '');
    expect(revokedKey?.name).toBe('listed');
    expect((await scope(revoked ?? '')).status).toBe(200);

    const run = await keys('revoke', revokedKey?.id ?? '');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const printed = JSON.parse(run.stdout) as { id: string; revokedAt: string };
    expect(printed).toEqual({ id: revokedKey?.id, revokedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    expect(await scope(revoked ?? '')).toMatchObject({
      status: 401,
      errcode: 401,
      errmsg: expect.stringContaining('revoked'),
    });
    expect((await scope(kept ?? '')).status).toBe(200);
    expect((await findKeyBySecret(server.storage.db, revoked ?? ''))?.revokedAt).toBe(printed.revokedAt);
    expect((await findKeyBySecret(server.storage.db, kept ?? ''))?.revokedAt).toBeNull();

    // Revoking again is not an error and keeps the first time.
    const again = await keys('revoke', printed.id);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(printed);
  });

  it('fails with exit code 1 and names the id when no key has it', async () => {
    const before = await listKeys(server.storage.db);
    const run = await keys('revoke', 'key_doesnotexist');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('no key has the id "key_doesnotexist"');
    expect(await listKeys(server.storage.db)).toEqual(before);
  });
});

// Every argument rule is tested in-process in keys-command.test.ts; these check the process's
// exit code and stderr (each child process costs about a second).
describe('npm run keys refuses bad arguments with exit code 2, a message on stderr, no change', () => {
  it.concurrent.each([
    ['create without --name', ['create', '--permissions', 'data'], /create needs --name/],
    [
      'an unknown permission',
      ['create', '--name', 'x', '--permissions', 'workspace,admin'],
      /unknown permission "admin" in --permissions: use auth, account, workspace, data, task, embed/,
    ],
    [
      'a non-integer workspace id',
      ['create', '--name', 'x', '--workspaces', '1,two'],
      /workspace id "two" in --workspaces is not an integer/,
    ],
    [
      'a date that is no date',
      ['create', '--name', 'x', '--expires', 'next week'],
      /--expires "next week" is not an ISO-8601/,
    ],
    ['an unknown command', ['rotate'], /unknown command "rotate"/],
  ])('%s', async (_case, args, message) => {
    const run = await keys(...args);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });

  it('created no key', async () => {
    expect((await listKeys(server.storage.db)).map((key) => key.name)).toEqual(['bootstrap', 'ci', 'listed']);
  });
});
