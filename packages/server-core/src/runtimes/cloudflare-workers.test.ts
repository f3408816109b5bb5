import initSqlJs from 'sql.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDurableObjectStorage, fakeNamespace } from '../../test/fake-durable-object';
import { createWorker, type WorkerEnv } from './cloudflare-workers';

const SQL = await initSqlJs();
const objectStorage = () => {
  const db = new SQL.Database();
  db.run('PRAGMA foreign_keys = ON');
  return fakeDurableObjectStorage(db);
};
const KEY = 'wsk_worker-test-key-0123456789';
const scopes = (key = KEY) =>
  new Request('https://wsadmin.example/openapi/v1/scopes/', { headers: { authorization: `Bearer ${key}` } });

/** The Worker's environment: its settings, and the namespace of the one object on `storage`. */
function environment(settings: Record<string, unknown>, storage = objectStorage()): WorkerEnv {
  const env: WorkerEnv = { ...settings };
  env.WSADMIN = fakeNamespace(storage, env);
  return env;
}

describe('createWorker (Cloudflare Workers, the database in a Durable Object)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('migrates on the first request and serves with the bootstrap key', async () => {
    const worker = createWorker();
    const storage = objectStorage();
    const env = environment({ WSADMIN_BOOTSTRAP_KEY: KEY }, storage);
    const answer = await worker.fetch(scopes(), env);
    expect(answer.status).toBe(200);
    expect((await worker.fetch(scopes('wsk_someone-else'), env)).status).toBe(401);
    expect((await worker.fetch(new Request('https://wsadmin.example/openapi.json'), env)).status).toBe(200);
    // The object's own transactions: never SQL BEGIN or SAVEPOINT.
    expect(storage.statements.filter((text) => /^\s*(begin|savepoint)\b/i.test(text))).toEqual([]);
  });

  it.each<[string, { env: Record<string, unknown>; want: RegExp }]>([
    [
      'no key on an empty database (a new key would have to be logged)',
      { env: {}, want: /WSADMIN_BOOTSTRAP_KEY/ },
    ],
    [
      'a setting a Worker cannot have',
      { env: { WSADMIN_BOOTSTRAP_KEY: KEY, PORT: '8787' }, want: /^PORT is not supported/ },
    ],
  ])('answers 503 naming the fix for %s, and starts once it is fixed', async (_name, { env, want }) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = createWorker();
    const storage = objectStorage();
    const refused = await worker.fetch(scopes(), environment(env, storage));
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^wsadmin: cannot start: /);
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { errcode: number; errmsg: string; data: { reason: string } };
    expect(body).toMatchObject({ errcode: 503, data: { reason: 'unavailable' } });
    expect(body.errmsg).toMatch(want);
    const fixed = environment({ WSADMIN_BOOTSTRAP_KEY: KEY }, storage);
    expect((await worker.fetch(scopes(), fixed)).status).toBe(200);
  });

  it('answers 503 naming the binding and the class when no Durable Object namespace is bound', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await createWorker({ binding: 'WSADMIN_DB' }).fetch(scopes(), environment({}));
    expect(answer.status).toBe(503);
    const { errmsg } = (await answer.json()) as { errmsg: string };
    expect(errmsg).toContain('name = "WSADMIN_DB"');
    expect(errmsg).toContain('new_sqlite_classes = ["WsadminDatabase"]');
  });

  it('refuses, from outside, the header only its cron trigger may send', async () => {
    const answer = await createWorker().fetch(
      new Request('https://wsadmin.example/', { headers: { 'x-wsadmin-run-due-tasks': '1' } }),
      environment({ WSADMIN_BOOTSTRAP_KEY: KEY }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errcode: 400, data: { reason: 'invalid_request' } });
  });

  it('reads a body in the Worker before the object answers: over the limit, 413 and the whole upload read', async () => {
    const worker = createWorker();
    const env = environment({ WSADMIN_BOOTSTRAP_KEY: KEY });
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    const upload = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const answer = await worker.fetch(
      new Request('https://wsadmin.example/openapi/v1/workspaces/', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/json',
          // Declared: the app refuses it without reading a byte, so only the Worker reads it.
          'content-length': String(3 * 1024 * 1024),
        },
        body: upload,
        duplex: 'half',
      } as RequestInit),
      env,
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ errcode: 413, data: { reason: 'payload_too_large' } });
    expect(sent).toBe(3 * 1024 * 1024);
    const small = await worker.fetch(
      new Request('https://wsadmin.example/openapi/v1/workspaces/', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: '{"name":"through the Worker"}',
      }),
      env,
    );
    expect(await small.json()).toMatchObject({ errcode: 200, data: { name: 'through the Worker' } });
  });

  it('answers the index at / and logs each request in the lines of every runtime, without pid', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const worker = createWorker();
    const env = environment({ WSADMIN_BOOTSTRAP_KEY: KEY, LOG_LEVEL: 'info' });
    const index = await worker.fetch(new Request('https://wsadmin.example/'), env);
    expect(await index.json()).toEqual({
      name: 'wsadmin reference server',
      openapi: '/openapi.json',
      api: '/openapi/v1/',
      hint: 'API requests need "Authorization: Bearer <key>"; try: curl -H "Authorization: Bearer $WSADMIN_KEY" <this server>/openapi/v1/scopes/',
    });
    expect((await worker.fetch(scopes(), env)).status).toBe(200);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.route, line.msg])).toEqual([
      [30, '/', 'request'],
      [30, '/openapi/v1/scopes/', 'request'],
    ]);
    expect(lines[1]).not.toHaveProperty('pid');
    expect(String(lines[1]?.durationMs)).toMatch(/^\d+(\.\d)?$/);
  });

  it('runs due refresh tasks on its cron trigger, in the object', async () => {
    const worker = createWorker();
    const storage = objectStorage();
    await expect(
      worker.scheduled({}, environment({ WSADMIN_BOOTSTRAP_KEY: KEY }, storage)),
    ).resolves.toBeUndefined();
    expect(storage.statements.some((text) => /refresh_tasks/.test(text))).toBe(true);
  });
});
