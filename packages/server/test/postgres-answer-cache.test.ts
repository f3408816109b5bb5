import { AdjustableClock, createApp, createKey, pbkdf2Passwords, type Storage } from '@wsadmin/server-core';
import {
  createTestDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '@wsadmin/server-testing/postgres';
import { captureStatements } from '@wsadmin/server-testing/statement-capture';
import { tcpProxy } from '@wsadmin/server-testing/tcp-proxy';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWorkspace } from '../../server-core/src/sql/workspaces';
import { openPostgresStorage } from '../src/postgres';

/**
 * Cached answers on PostgreSQL (decision 0020): a repeated read costs one shared snapshot read and no
 * other statement; a commit by any connection shows at the next request; and while the snapshot
 * cannot be read (the connection lost), nothing kept is served.
 */

async function appOver(storage: Storage) {
  const clock = new AdjustableClock();
  const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), onError: () => undefined });
  const { secret } = await createKey(storage.db, clock.now(), { name: 'kept' });
  const created = await app.request('/openapi/v1/workspaces/', {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'before' }),
  });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  return {
    id,
    async detail() {
      const answer = await app.request(`/openapi/v1/workspaces/${id}/`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      const body = (await answer.json()) as { errcode: number; data?: { name: string } };
      return { status: answer.status, name: body.data?.name };
    },
  };
}

const rename = (db: Storage['db'], id: number, name: string) =>
  db.updateTable('workspaces').set({ name }).where('id', '=', id).execute();

/** A statement on a connection of its own, as another process would commit it. */
async function elsewhere(url: string, text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

// A server of its own: other test files' commits would move its snapshot, and the first test shows
// answers kept between this file's own changes.
describe('cached answers on PostgreSQL', () => {
  let postgres: ThrowawayPostgres | undefined;
  let databaseUrl = '';
  beforeAll(async () => {
    postgres = await startThrowawayPostgres({ quiet: true });
    databaseUrl = await createTestDatabase(postgres.adminUrl, 'kept');
  });
  afterAll(() => postgres?.stop());

  it('answers a repeated read after one snapshot read, and a rename by another connection at the next request', async () => {
    const storage = await openPostgresStorage(databaseUrl, () => new Date());
    try {
      const app = await appOver(storage);
      expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      const capture = captureStatements();
      for (let i = 0; i < 5; i++) expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      capture.stop();
      // No key read, no workspace read: the snapshot alone, once per request at most.
      expect([...capture.statements.keys()]).toEqual([expect.stringContaining('pg_current_snapshot()')]);

      await elsewhere(databaseUrl, 'update workspaces set name = $1 where id = $2', ['renamed', app.id]);
      expect(await app.detail()).toEqual({ status: 200, name: 'renamed' });
    } finally {
      await storage.close();
    }
  });

  it.each([
    ['a write on its own', (storage: Storage, id: number) => rename(storage.db, id, 'own write')],
    [
      'a committed transaction',
      (storage: Storage, id: number) =>
        storage.db.transaction().execute((trx) => rename(trx, id, 'own write')),
    ],
  ])('sees %s of this process at its next lookup, before any new snapshot is read', async (_case, write) => {
    const storage = await openPostgresStorage(databaseUrl, () => new Date());
    try {
      const app = await appOver(storage);
      expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      // Kept under the snapshot that request read; no request, so no snapshot read, after it.
      expect((await findWorkspace(storage, app.id))?.name).toBe('before');
      await write(storage, app.id);
      expect((await findWorkspace(storage, app.id))?.name).toBe('own write');
    } finally {
      await storage.close();
    }
  });

  it('answers with point reads prepared before another process changed the table under them', async () => {
    // One connection: the statement prepared before the change is the one run after it.
    const storage = await openPostgresStorage(databaseUrl, () => new Date(), { poolSize: 1 });
    try {
      const app = await appOver(storage);
      expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      for (const change of ['add column rolling_upgrade text', 'drop column rolling_upgrade']) {
        await elsewhere(databaseUrl, `alter table workspaces ${change}`, []);
        expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      }
    } finally {
      await storage.close();
    }
  });

  it('reads on every request where the user may not read the snapshot, and answers the same', async () => {
    const url = await createTestDatabase(postgres?.adminUrl ?? '', 'refused');
    const owner = new URL(url);
    owner.username = 'wsadmin_no_snapshots';
    await elsewhere(url, `create role wsadmin_no_snapshots login`, []);
    await elsewhere(url, `alter database "${owner.pathname.slice(1)}" owner to wsadmin_no_snapshots`, []);
    await elsewhere(url, 'alter schema public owner to wsadmin_no_snapshots', []);
    await elsewhere(url, 'revoke execute on function pg_current_snapshot() from public', []);
    const storage = await openPostgresStorage(owner.toString(), () => new Date());
    try {
      const app = await appOver(storage);
      expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      const capture = captureStatements();
      expect(await app.detail()).toEqual({ status: 200, name: 'before' });
      capture.stop();
      expect([...capture.statements.keys()].some((text) => text.includes('"workspaces"'))).toBe(true);
      expect([...capture.statements.keys()].some((text) => text.includes('pg_current_snapshot'))).toBe(false);
    } finally {
      await storage.close();
    }
  });

  it('serves nothing kept while the database cannot be asked, and the changes made meanwhile once it can', async () => {
    const target = new URL(databaseUrl);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
    const viaProxy = new URL(databaseUrl);
    viaProxy.port = String(proxy.port);
    const storage = await openPostgresStorage(viaProxy.toString(), () => new Date(), {
      connectTimeoutMs: 2000,
      onConnectionError: () => undefined,
    });
    try {
      const app = await appOver(storage);
      for (let i = 0; i < 3; i++) expect(await app.detail()).toEqual({ status: 200, name: 'before' });

      // The connections drop; meanwhile another process, still connected, renames the workspace.
      await proxy.cut();
      await elsewhere(databaseUrl, 'update workspaces set name = $1 where id = $2', ['during', app.id]);
      expect(await app.detail()).toEqual({ status: 503, name: undefined });

      await proxy.restore();
      expect(await app.detail()).toEqual({ status: 200, name: 'during' });
    } finally {
      await storage.close();
      await proxy.close();
    }
  });
});
