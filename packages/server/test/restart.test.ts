import { createKey, findKeyBySecret, revokeKey } from '@wsadmin/server-core';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

const databases: ReturnType<typeof tempDatabase>[] = [];
const running: RunningServer[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});
afterAll(() => {
  for (const database of databases) database.remove();
});

function newDatabase() {
  const database = tempDatabase('wsadmin-restart-');
  databases.push(database);
  return database;
}

async function start(databaseUrl: string, bootstrapKey?: string): Promise<RunningServer> {
  const server = await startServer(
    readConfig({
      PORT: '0',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      ...(bootstrapKey === undefined ? {} : { WSADMIN_BOOTSTRAP_KEY: bootstrapKey }),
    }),
  );
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

async function call(server: RunningServer, secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as {
    errcode: number;
    errmsg: string;
    data?: Record<string, unknown>;
  };
  return { status: response.status, ...answer };
}

const keyCount = async (server: RunningServer) =>
  (await server.storage.db.selectFrom('access_keys').select('id').execute()).length;

describe('a restart on the same SQLite file', () => {
  it('keeps what was written, and the same bootstrap key works without a second key being made', async () => {
    const { url } = newDatabase();
    const secret = 'wsk_restart-bootstrap-secret';

    const first = await start(url, secret);
    expect(first.createdKeySecret).toBeUndefined();
    const created = await call(first, secret, 'POST', '/openapi/v1/workspaces/', {
      name: 'survives restarts',
      desc: 'written before',
      date_offset: 3,
    });
    expect(created).toMatchObject({ status: 200, errcode: 200 });
    const id = created.data?.id as number;
    expect(await keyCount(first)).toBe(1);
    await stop(first);

    const second = await start(url, secret);
    expect(second.createdKeySecret).toBeUndefined();
    expect(second.url).not.toBe('');
    expect(await call(second, secret, 'GET', `/openapi/v1/workspaces/${id}/`)).toMatchObject({
      status: 200,
      data: { id, name: 'survives restarts', desc: 'written before', date_offset: 3 },
    });
    expect(await keyCount(second)).toBe(1);

    // And it keeps taking writes on the reopened file.
    const edited = await call(second, secret, 'PUT', `/openapi/v1/workspaces/${id}/`, {
      name: 'edited after',
    });
    expect(edited).toMatchObject({ status: 200, data: { name: 'edited after' } });
    await stop(second);
    const third = await start(url, secret);
    expect((await call(third, secret, 'GET', `/openapi/v1/workspaces/${id}/`)).data?.name).toBe(
      'edited after',
    );
    expect(await keyCount(third)).toBe(1);
  });

  it('first start without WSADMIN_BOOTSTRAP_KEY on an empty database: one key, its secret shown once', async () => {
    const { url } = newDatabase();

    const first = await start(url);
    const secret = first.createdKeySecret;
    expect(secret).toMatch(/^wsk_.{20,}$/);
    expect(await keyCount(first)).toBe(1);
    expect(await call(first, secret ?? '', 'GET', '/openapi/v1/scopes/')).toMatchObject({
      status: 200,
      data: { name: 'bootstrap', permissions: [], workspaces: [] },
    });
    await stop(first);

    const second = await start(url);
    expect(second.createdKeySecret).toBeUndefined();
    expect(await keyCount(second)).toBe(1);
    expect((await call(second, secret ?? '', 'GET', '/openapi/v1/scopes/')).status).toBe(200);
  });

  it('a bootstrap key given later is added next to the generated one, once, and both work', async () => {
    const { url } = newDatabase();
    const first = await start(url);
    const generated = first.createdKeySecret ?? '';
    await stop(first);

    const chosen = 'wsk_chosen-after-first-start';
    const second = await start(url, chosen);
    expect(second.createdKeySecret).toBeUndefined();
    expect(await keyCount(second)).toBe(2);
    await stop(second);

    const third = await start(url, chosen);
    expect(await keyCount(third)).toBe(2);
    expect((await call(third, chosen, 'GET', '/openapi/v1/scopes/')).status).toBe(200);
    expect((await call(third, generated, 'GET', '/openapi/v1/scopes/')).status).toBe(200);
  });

  it('the variable guarantees its key: a start re-enables it after a revoke, other keys stay revoked', async () => {
    const { url } = newDatabase();
    const secret = 'wsk_guaranteed-by-the-variable';
    const first = await start(url, secret);
    const { db } = first.storage;
    const bootstrap = await findKeyBySecret(db, secret);
    const other = await createKey(db, new Date(), { name: 'other' });
    await revokeKey(db, bootstrap?.id ?? '', new Date());
    await revokeKey(db, other.id, new Date());
    expect((await call(first, secret, 'GET', '/openapi/v1/scopes/')).status).toBe(401);
    await stop(first);

    const second = await start(url, secret);
    expect((await call(second, secret, 'GET', '/openapi/v1/scopes/')).status).toBe(200);
    expect(await call(second, other.secret, 'GET', '/openapi/v1/scopes/')).toMatchObject({
      status: 401,
      errmsg: 'the access key has been revoked',
    });
    expect(await keyCount(second)).toBe(2);
  });
});
