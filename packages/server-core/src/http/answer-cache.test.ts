import { type OperationSpec, operations } from '@wsadmin/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { STORED_DATA_READS } from '../handlers/stored-data-reads';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { requestLineOf } from './answer-cache';
import type { RequestReport } from './request-report';

// The in-memory database has no change version of its own: the tests give it one they move by hand,
// so a row changed behind the version's back shows whether an answer was kept or built anew.
const BASE = 'http://wsadmin.test';
const clock = new AdjustableClock();
let storage: Storage;
let version = 1;
let secret: string;
let workspaceId: number;
const reports: RequestReport[] = [];

beforeAll(async () => {
  // A quick reader that always declines (reads run through Kysely) and the test's change version.
  storage = {
    ...(await openMemoryStorage({ now: () => clock.now() })),
    reads: { quick: () => undefined, version: () => version },
  };
  secret = (await createKey(storage.db, clock.now(), { name: 'kept' })).secret;
  const app = appWith();
  const created = await app.request(`${BASE}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { ...bearer(secret), 'content-type': 'application/json' },
    body: '{"name":"before"}',
  });
  workspaceId = ((await created.json()) as { data: { id: number } }).data.id;
});
afterAll(() => storage.close());
beforeEach(() => {
  version++;
});

function appWith(extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({
    storage,
    clock,
    passwords: pbkdf2Passwords(1000),
    onRequestDone: (report) => reports.push(report),
    ...extra,
  });
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** A change the version does not see: only an answer built anew shows it. */
const renameBehindTheVersion = (name: string) =>
  storage.db.updateTable('workspaces').set({ name }).where('id', '=', workspaceId).execute();
const nameIn = async (answer: Response) => ((await answer.json()) as { data: { name: string } }).data.name;

describe('answers of stored-data reads kept while the database has not changed', () => {
  it('answers a repeated read with the same bytes until the change version moves', async () => {
    const app = appWith();
    // A list: its rows are read anew by every built answer (no row is kept on its own).
    const list = () => app.request(`${BASE}/openapi/v1/workspaces/`, { headers: bearer(secret) });
    await renameBehindTheVersion('first');
    const built = await list();
    const builtText = await built.text();
    await renameBehindTheVersion('second');
    const kept = await list();
    expect(await kept.text()).toBe(builtText);
    expect(kept.headers.get('content-type')).toBe(built.headers.get('content-type'));
    expect(builtText).toContain('"name":"first"');

    version++;
    expect(await (await list()).text()).toContain('"name":"second"');
  });

  it('gives each answer its own request id and reports its key and operation', async () => {
    const app = appWith();
    const detail = () =>
      app.request(`${BASE}/openapi/v1/workspaces/${workspaceId}/`, { headers: bearer(secret) });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const answer = await detail();
      ids.push(answer.headers.get('x-request-id'));
      expect(reports.at(-1)).toMatchObject({
        operationId: 'getWorkspace',
        status: 200,
        requestId: ids.at(-1),
      });
      expect(reports.at(-1)?.keyId).toMatch(/^key_/);
    }
    expect(new Set(ids).size).toBe(3);
  });

  it('never answers another key from the first key’s answer', async () => {
    const app = appWith();
    const other = await createKey(storage.db, clock.now(), { name: 'elsewhere', workspaceIds: [999_999] });
    const path = `${BASE}/openapi/v1/workspaces/${workspaceId}/`;
    expect((await app.request(path, { headers: bearer(secret) })).status).toBe(200);
    const refused = await app.request(path, { headers: bearer(other.secret) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errmsg: string }).errmsg).toContain('may not access workspace');
  });

  it('names answers by the key, not by how its header spells it, once the operation accepts the spelling', async () => {
    const app = appWith();
    const path = `${BASE}/openapi/v1/workspaces/?q=spelling`;
    const list = (authorization: string) => app.request(path, { headers: { authorization } });
    await renameBehindTheVersion('spelling one');
    const built = await (await list(`Bearer ${secret}`)).text();
    expect(built).toContain('spelling one');
    await renameBehindTheVersion('spelling two');
    // The same key as a bare key and with another spelling of the scheme: the cached answer.
    expect(await (await list(secret)).text()).toBe(built);
    expect(await (await list(`bearer   ${secret} `)).text()).toBe(built);
  });

  it('refuses a spelling a bearer-only read does not accept even while its answer is kept', async () => {
    const app = appWith();
    const scope = (authorization: string) =>
      app.request(`${BASE}/openapi/v1/scopes/`, { headers: { authorization } });
    expect((await scope(`Bearer ${secret}`)).status).toBe(200);
    expect((await scope(`Bearer ${secret}`)).status).toBe(200);
    const bare = await scope(secret);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { errmsg: string }).errmsg).toContain('accepts only');
  });

  it('names answers by path and query', async () => {
    const app = appWith();
    const list = async (q: string) => {
      const answer = await app.request(`${BASE}/openapi/v1/workspaces/?q=${q}`, { headers: bearer(secret) });
      return ((await answer.json()) as { data: unknown[] }).data.length;
    };
    await renameBehindTheVersion('needle');
    version++;
    expect(await list('needle')).toBe(1);
    expect(await list('haystack')).toBe(0);
    expect(await list('needle')).toBe(1);
  });

  it('refuses a key that expired while its answer was kept', async () => {
    const app = appWith();
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const brief = await createKey(storage.db, clock.now(), { name: 'brief', expiresAt });
    version++;
    const detail = () =>
      app.request(`${BASE}/openapi/v1/workspaces/${workspaceId}/`, { headers: bearer(brief.secret) });
    expect((await detail()).status).toBe(200);
    expect((await detail()).status).toBe(200);
    clock.advance(120);
    try {
      const refused = await detail();
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { errmsg: string }).errmsg).toContain('expired');
    } finally {
      clock.reset();
    }
  });

  it('counts cached answers against the key’s rate limit', async () => {
    const app = appWith({
      rateLimiter: tokenBucketLimiter({ key: { capacity: 2, periodSeconds: 60 } }, () => 0),
    });
    const detail = () =>
      app.request(`${BASE}/openapi/v1/workspaces/${workspaceId}/`, { headers: bearer(secret) });
    expect((await detail()).status).toBe(200);
    expect((await detail()).status).toBe(200);
    const refused = await detail();
    expect(refused.status).toBe(429);
    expect(reports.at(-1)).toMatchObject({ status: 429, rateLimited: 'key' });
  });

  it('keeps nothing where the database has no change version', async () => {
    const plain = await openMemoryStorage({ now: () => clock.now() });
    try {
      const key = await createKey(plain.db, clock.now(), { name: 'plain' });
      const app = createApp({ storage: plain, clock, passwords: pbkdf2Passwords(1000) });
      const created = await app.request(`${BASE}/openapi/v1/workspaces/`, {
        method: 'POST',
        headers: { ...bearer(key.secret), 'content-type': 'application/json' },
        body: '{"name":"one"}',
      });
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      const detail = () =>
        app.request(`${BASE}/openapi/v1/workspaces/${id}/`, { headers: bearer(key.secret) });
      expect(await nameIn(await detail())).toBe('one');
      await plain.db.updateTable('workspaces').set({ name: 'two' }).where('id', '=', id).execute();
      expect(await nameIn(await detail())).toBe('two');
    } finally {
      await plain.close();
    }
  });

  it('never keeps a failed answer', async () => {
    const app = appWith();
    const missing = () => app.request(`${BASE}/openapi/v1/workspaces/987654/`, { headers: bearer(secret) });
    expect((await missing()).status).toBe(404);
    await storage.db
      .insertInto('workspaces')
      .values({
        ...(await storage.db
          .selectFrom('workspaces')
          .selectAll()
          .where('id', '=', workspaceId)
          .executeTakeFirstOrThrow()),
        id: 987654,
      })
      .execute();
    expect((await missing()).status).toBe(200);
  });
});

describe('STORED_DATA_READS', () => {
  it.each([...STORED_DATA_READS])('%s is a GET without header parameters or management work', (id) => {
    const op: OperationSpec = operations[id];
    expect(op.method).toBe('get');
    expect(op.headers).toBeUndefined();
    expect(op.path).not.toContain('/management/');
  });
});

describe('requestLineOf', () => {
  it.each([
    ['a path', { given: 'http://h:1/openapi/v1/x/', want: '/openapi/v1/x/' }],
    ['a query', { given: 'https://h/openapi/v1/x/?q=a&b=1', want: '/openapi/v1/x/?q=a&b=1' }],
    ['no path', { given: 'http://h', want: '/' }],
  ])('%s', (_name, { given, want }) => {
    expect(requestLineOf(given)).toBe(want);
  });
});
