import type { Storage } from '@wsadmin/server-core';
import {
  AdjustableClock,
  createApp,
  createKey,
  migrations,
  openMemoryStorage,
  pbkdf2Passwords,
} from '@wsadmin/server-core';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { tcpProxy } from '@wsadmin/server-testing/tcp-proxy';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStorageFromUrl } from '../src/open-storage';
import { openPostgresStorage, redactUrl } from '../src/postgres';

const adminUrl = inject('postgresAdminUrl');

/** The app over one storage, with a key, answering as parsed envelopes. */
async function appOver(storage: Storage, onError: (error: unknown) => void = () => undefined) {
  const clock = new AdjustableClock();
  const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), onError });
  const { secret } = await createKey(storage.db, clock.now(), { name: 'test' });
  return async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`/openapi/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { errcode: number; errmsg: string; data?: unknown };
    return { status: response.status, ...json };
  };
}

describe('DATABASE_URL', () => {
  it('hides the password in logs and errors', () => {
    expect(redactUrl('postgres://app:s3cret@db.example:5432/wsadmin')).toBe(
      'postgres://app:***@db.example:5432/wsadmin',
    );
    expect(redactUrl('postgresql://app@db/wsadmin')).toBe('postgresql://app@db/wsadmin');
  });

  it('refuses an unknown scheme, naming the ones it knows, without the password', async () => {
    const attempt = openStorageFromUrl('mysql://root:hunter2@localhost/db', () => new Date());
    await expect(attempt).rejects.toThrow(/sqlite:<file>.*postgres:\/\//);
    await expect(attempt).rejects.not.toThrow(/hunter2/);
  });

  it('says which database it cannot reach at start, without the password', async () => {
    const proxy = await tcpProxy({ host: '127.0.0.1', port: 1 });
    const port = proxy.port;
    await proxy.close();
    const attempt = openStorageFromUrl(
      `postgresql://app:hunter2@127.0.0.1:${port}/wsadmin`,
      () => new Date(),
    );
    await expect(attempt).rejects.toThrow(
      `cannot open the PostgreSQL database postgresql://app:***@127.0.0.1:${port}/wsadmin`,
    );
  });
});

describe('PostgreSQL answers as SQLite does', () => {
  const admin = adminUrl;
  const storages: Record<string, Storage> = {};
  const apps: Record<string, Awaited<ReturnType<typeof appOver>>> = {};
  let databaseUrl = '';
  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'parity');
    storages.sqlite = await openMemoryStorage();
    storages.postgres = await openPostgresStorage(databaseUrl, () => new Date());
    for (const [name, storage] of Object.entries(storages)) apps[name] = await appOver(storage);
  });
  afterAll(async () => {
    for (const storage of Object.values(storages)) await storage.close();
    await dropTestDatabase(admin, databaseUrl);
  });
  const dialects = ['sqlite', 'postgres'];
  const app = (dialect: string) => {
    const call = apps[dialect];
    if (!call) throw new Error(`no app for ${dialect}`);
    return call;
  };
  const db = (dialect: string) => {
    const storage = storages[dialect];
    if (!storage) throw new Error(`no storage for ${dialect}`);
    return storage.db;
  };

  it.each(dialects)('%s: counts are numbers and comparisons 0/1', async (dialect) => {
    const { rows } = await sql<Record<string, unknown>>`
      select count(*) as n, sum(version) as total, (1 = 1) as yes, (1 = 0) as no from schema_migrations`.execute(
      db(dialect),
    );
    const total = migrations.reduce((sum, migration) => sum + migration.version, 0);
    expect(rows[0]).toEqual({ n: migrations.length, total, yes: 1, no: 0 });
  });

  it.each(dialects)('%s: stores integers beyond 32 bits', async (dialect) => {
    const big = { adapter: 3_000_000_000, date_offset: -(2 ** 40) };
    const created = await app(dialect)('POST', '/workspaces/', { name: 'big', ...big });
    expect(created.errcode, created.errmsg).toBe(200);
    const id = (created.data as { id: number }).id;
    const read = await app(dialect)('GET', `/workspaces/${id}/`);
    expect(read.data).toMatchObject(big);
  });

  it.each(dialects)('%s: orders text byte by byte, whatever the database locale', async (dialect) => {
    const call = app(dialect);
    const ws = ((await call('POST', '/workspaces/', {})).data as { id: number }).id;
    const names = ['b', 'B', 'a', '_c', 'A', 'Z', 'ä', 'a b', 'a_b', 'ab', '10', '9'];
    const put = await call('PUT', `/workspaces/${ws}/sources/`, {
      tables: names.map((name) => ({ name, fields: [] })),
    });
    expect(put.errcode, put.errmsg).toBe(200);
    const read = await call('GET', `/workspaces/${ws}/sources/`);
    const order = (read.data as { tables: Array<{ name: string }> }).tables.map((t) => t.name);
    expect(order).toEqual(['10', '9', 'A', 'B', 'Z', '_c', 'a', 'a b', 'a_b', 'ab', 'b', 'ä']);
  });

  it.each(dialects)(
    '%s: searches ASCII letters in any case, others and LIKE wildcards literally',
    async (dialect) => {
      const call = app(dialect);
      const tag = `t${Math.random().toString(36).slice(2, 8)}`;
      const named = ['Alpha one', 'ALPHA%two', 'alpha_three', 'Älpha four', 'älpha five', 'alp\\ha six'];
      const ids = new Map<number, string>();
      for (const name of named) {
        const created = await call('POST', '/workspaces/', { name: `${name} ${tag}`, desc: '' });
        ids.set((created.data as { id: number }).id, name);
      }
      const search = async (q: string) => {
        const found = await call('GET', `/workspaces/?q=${encodeURIComponent(`${q}`)}`);
        return (found.data as Array<{ id: number }>)
          .map((w) => ids.get(w.id))
          .filter((name) => name !== undefined)
          .sort();
      };
      expect(await search('alpha')).toEqual(['ALPHA%two', 'Alpha one', 'alpha_three']);
      expect(await search('A%')).toEqual(['ALPHA%two']);
      expect(await search('a_t')).toEqual(['alpha_three']);
      expect(await search('Älpha')).toEqual(['Älpha four']);
      expect(await search('älpha')).toEqual(['älpha five']);
      expect(await search('P\\H')).toEqual(['alp\\ha six']);
    },
  );
});

describe('PostgreSQL out of reach', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  beforeAll(async () => {
    databaseUrl = await createTestDatabase(admin, 'outage');
  });
  afterAll(() => dropTestDatabase(admin, databaseUrl));

  it('answers 503 "unavailable" while the database is unreachable, and serves again once it is back', async () => {
    const target = new URL(databaseUrl);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
    const viaProxy = new URL(databaseUrl);
    viaProxy.port = String(proxy.port);
    const lost: Error[] = [];
    const storage = await openPostgresStorage(viaProxy.toString(), () => new Date(), {
      connectTimeoutMs: 2000,
      onConnectionError: (error) => lost.push(error),
    });
    const unexpected: unknown[] = [];
    try {
      const call = await appOver(storage, (error) => unexpected.push(error));
      const created = await call('POST', '/workspaces/', { name: 'before' });
      expect(created.errcode).toBe(200);

      await proxy.cut();
      for (const [method, path] of [
        ['GET', '/workspaces/'],
        ['POST', '/workspaces/'],
        ['GET', '/workspaces/'],
      ] as const) {
        const answer = await call(method, path, method === 'POST' ? { name: 'during' } : undefined);
        expect(answer).toEqual({
          status: 503,
          errcode: 503,
          errmsg: 'the database is unavailable; retry later',
          data: { reason: 'unavailable' },
        });
      }
      // An outage is answered 503; it is not reported as an internal error.
      expect(unexpected).toEqual([]);
      // The idle connection the cut dropped was reported, not thrown at the process.
      expect(lost.map((error) => error.message)).toContain('Connection terminated unexpectedly');

      await proxy.restore();
      const after = await call('GET', '/workspaces/');
      expect(after.errcode, after.errmsg).toBe(200);
      expect((after.data as Array<{ name: string }>).map((w) => w.name)).toEqual(['before']);
    } finally {
      await storage.close();
      await proxy.close();
    }
  });
});
