import { managementKinds } from '@wsadmin/contract';
import { createApp, createKey, findKeyBySecret, pbkdf2Passwords, type Storage } from '@wsadmin/server-core';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertObject } from '../../server-core/src/sql/objects';
import { findWorkspace, insertWorkspace } from '../../server-core/src/sql/workspaces';
import { openSqliteStorage } from '../src/sqlite-file';

/** Point reads on the SQLite file skip Kysely outside transactions; inside one they must wait. */

const file = tempDatabase('wsadmin-quick-reads-');
let storage: Storage;
let workspaceId: number;
const now = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  storage = await openSqliteStorage(file.file, () => now);
  workspaceId = (await insertWorkspace(storage.db, { name: 'committed' }, now)).id;
});
afterAll(async () => {
  await storage?.close();
  file.remove();
});

type Write = (db: Storage['db']) => Promise<unknown>;

/** A write made through the connection the reads use, and through one the reads do not know. */
const WRITERS: Array<[string, (write: Write) => Promise<unknown>]> = [
  ['this connection', (write) => write(storage.db)],
  [
    'another connection',
    async (write) => {
      const other = await openSqliteStorage(file.file, () => now);
      try {
        await write(other.db);
      } finally {
        await other.close();
      }
    },
  ],
];

describe('prepared point reads on a SQLite file', () => {
  it.each([
    ['an existing workspace', () => workspaceId],
    ['a missing workspace', () => workspaceId + 1000],
  ])('%s: the same row as through Kysely', async (_case, id) => {
    const viaKysely = await storage.db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', id())
      .executeTakeFirst();
    expect(await findWorkspace(storage, id())).toEqual(viaKysely);
  });

  it('never reads what an open transaction has not committed: the read waits for it', async () => {
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let updated: () => void = () => {};
    const wrote = new Promise<void>((resolve) => {
      updated = resolve;
    });
    const transaction = storage.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('workspaces')
          .set({ name: 'uncommitted' })
          .where('id', '=', workspaceId)
          .execute();
        updated();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await wrote;
    const read = findWorkspace(storage, workspaceId);
    finish();
    expect(await transaction).toBe('rolled back on purpose');
    expect((await read)?.name).toBe('committed');
  });

  it('sees a key revoked through another connection at the next read', async () => {
    const { secret, id } = await createKey(storage.db, now, { name: 'quick' });
    expect((await findKeyBySecret(storage, secret))?.revokedAt).toBeNull();
    const other = await openSqliteStorage(file.file, () => now);
    try {
      await other.db
        .updateTable('access_keys')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    } finally {
      await other.close();
    }
    expect((await findKeyBySecret(storage, secret))?.revokedAt).toBe(now.toISOString());
  });

  it.each(WRITERS)(
    'sees a workspace renamed through %s at the next read, however often it was read before',
    async (_case, through) => {
      const { id } = await insertWorkspace(storage.db, { name: 'old' }, now);
      for (let i = 0; i < 5; i++) expect((await findWorkspace(storage, id))?.name).toBe('old');
      await through((db) => db.updateTable('workspaces').set({ name: 'new' }).where('id', '=', id).execute());
      expect((await findWorkspace(storage, id))?.name).toBe('new');
      await through((db) => db.deleteFrom('workspaces').where('id', '=', id).execute());
      expect(await findWorkspace(storage, id)).toBeUndefined();
    },
  );

  it.each(WRITERS)(
    'a kept list answer shows a dimension added through %s at the next list',
    async (_case, through) => {
      const { secret } = await createKey(storage.db, now, { name: 'lists' });
      const { id } = await insertWorkspace(storage.db, { name: 'lists' }, now);
      const app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
      const names = async () => {
        const response = await app.request(`http://wsadmin.test/openapi/v1/workspaces/${id}/dimensions/`, {
          headers: { authorization: `Bearer ${secret}` },
        });
        const { data } = (await response.json()) as { data: Array<{ names: string[] }> };
        return data.map((item) => item.names[0]);
      };
      const definition = managementKinds.dimensions.definition.parse({
        ...managementKinds.dimensions.defaults,
        type: 'string',
        format: '',
        names: ['added'],
      });
      for (let i = 0; i < 3; i++) expect(await names()).toEqual([]);
      await through((db) => insertObject(db, { workspaceId: id, kind: 'dimensions', definition }, now));
      expect(await names()).toEqual(['added']);
    },
  );

  it('sees a write of this connection that returned rows (UPDATE … RETURNING, a statement read like a SELECT)', async () => {
    const { id } = await insertWorkspace(storage.db, { name: 'returning before' }, now);
    for (let i = 0; i < 3; i++) expect((await findWorkspace(storage, id))?.name).toBe('returning before');
    const updated = await storage.db
      .updateTable('workspaces')
      .set({ name: 'returning after' })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    expect(updated?.name).toBe('returning after');
    expect((await findWorkspace(storage, id))?.name).toBe('returning after');
  });

  describe('while another request is still running (each request reads the version once, when it starts)', () => {
    /** A request held open until `finish`: its body has not all arrived. */
    function heldRequest(app: ReturnType<typeof createApp>, secret: string) {
      let finish: () => void = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          finish = () => {
            controller.enqueue(new TextEncoder().encode('{"name":"held open"}'));
            controller.close();
          };
        },
      });
      const answer = app.request('http://wsadmin.test/openapi/v1/workspaces/', {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      return { answer, finish: () => finish() };
    }

    it.each(WRITERS)('the next request sees a workspace renamed through %s', async (_case, through) => {
      const { secret } = await createKey(storage.db, now, { name: 'held' });
      const { id } = await insertWorkspace(storage.db, { name: 'before' }, now);
      const app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
      const name = async (query: string) => {
        const answer = await app.request(`http://wsadmin.test/openapi/v1/workspaces/${id}/?${query}`, {
          headers: { authorization: `Bearer ${secret}` },
        });
        return ((await answer.json()) as { data: { name: string } }).data.name;
      };
      expect(await name('a')).toBe('before');
      const held = heldRequest(app, secret);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await name('b')).toBe('before');
      await through((db) =>
        db.updateTable('workspaces').set({ name: 'after' }).where('id', '=', id).execute(),
      );
      // Both the same request line as before and a new one (the detail's text is kept per row too).
      expect(await name('a')).toBe('after');
      expect(await name('c')).toBe('after');
      held.finish();
      expect((await held.answer).status).toBe(200);
    });

    it('the next request is refused with a key revoked through another connection', async () => {
      const { secret, id } = await createKey(storage.db, now, { name: 'held revoked' });
      const app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
      const detail = () =>
        app.request(`http://wsadmin.test/openapi/v1/workspaces/${workspaceId}/`, {
          headers: { authorization: `Bearer ${secret}` },
        });
      expect((await detail()).status).toBe(200);
      const held = heldRequest(app, secret);
      await new Promise((resolve) => setImmediate(resolve));
      expect((await detail()).status).toBe(200);
      await WRITERS[1]?.[1]((db) =>
        db.updateTable('access_keys').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute(),
      );
      const refused = await detail();
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { errmsg: string }).errmsg).toContain('revoked');
      // The held request was authenticated when it started, before the revocation.
      held.finish();
      expect((await held.answer).status).toBe(200);
    });
  });
});
