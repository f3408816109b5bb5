/**
 * The reference server on Bun, Deno and Cloudflare Workers (workerd with Miniflare's SQLite-backed Durable Object),
 * from the packed `@wsadmin/server-core`: the conformance suite over HTTP against each, with the
 * same scenarios as against the Node server (packages/server/test/scenarios.http.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { randomSecret } from '@wsadmin/server-core';
import { KEY_ADMIN_PATH } from '@wsadmin/server-core/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness';
import { installServersProject, RUNTIME_SERVERS, type StartedServer, targetOf } from './runtime-servers';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-runtime-servers-'));
const project = join(root, 'servers');

let installed: Promise<void> | undefined;
/** One project for the three servers, installed by the first that needs it. */
function install(): Promise<void> {
  installed ??= installServersProject(project, ['@wsadmin/server-core']);
  return installed;
}

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

describe.each(Object.entries(RUNTIME_SERVERS))('the reference server on %s, over HTTP', (id, runtime) => {
  let server: StartedServer | undefined;
  let target: Target;
  const settings = {
    DATABASE_URL: `sqlite:${join(project, 'data', `${id}.db`)}`,
    WSADMIN_BOOTSTRAP_KEY: `wsk_${randomSecret(24)}`,
    WSADMIN_TEST_CLOCK: '1',
    LOG_LEVEL: 'warn',
  };
  beforeAll(async () => {
    await install();
    // A Worker's database is its D1 binding, and DATABASE_URL would be refused there.
    const { DATABASE_URL, ...bindings } = settings;
    server = await runtime.start(project, id === 'workerd' ? bindings : settings);
    target = targetOf(id, server);
  }, 600_000);
  afterAll(() => server?.stop(), 60_000);

  it(`says it runs on ${runtime.name} and stores its data there`, () => {
    if (id === 'workerd') expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The start-up record, one JSON line like every other on stdout.
    else expect(server?.output()).toMatch(new RegExp(`"runtime":"${runtime.name} \\d`));
  });

  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  if (id === 'workerd') {
    it('manages keys through its key administration route with the bootstrap secret only, never logging a secret', async () => {
      if (!server) throw new Error('the Worker did not start');
      const admin = (path: string, key: string, body?: unknown) =>
        fetch(`${server?.url}${KEY_ADMIN_PATH}${path}`, {
          method: body === undefined && path === '' ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const scopes = (key: string) =>
        fetch(`${server?.url}/openapi/v1/scopes/`, { headers: { authorization: `Bearer ${key}` } });
      const made = await admin('', settings.WSADMIN_BOOTSTRAP_KEY, { name: 'edge', permissions: ['auth'] });
      expect(made.status).toBe(200);
      const { id: keyId, secret } = ((await made.json()) as { data: { id: string; secret: string } }).data;
      expect((await scopes(secret)).status).toBe(200);
      // An access key, however wide, cannot make keys; nor can a wrong body.
      expect((await admin('', secret, { name: 'more' })).status).toBe(401);
      expect(
        await (await admin('', settings.WSADMIN_BOOTSTRAP_KEY, { name: 'x', permissions: ['root'] })).json(),
      ).toMatchObject({
        errcode: 400,
        data: { reason: 'invalid_request' },
      });
      const listed = await (await admin('', settings.WSADMIN_BOOTSTRAP_KEY)).text();
      expect(listed).toContain(keyId);
      expect(listed).not.toContain(secret);
      expect((await admin(`${keyId}/revoke/`, settings.WSADMIN_BOOTSTRAP_KEY)).status).toBe(200);
      expect((await scopes(secret)).status).toBe(401);
      expect(server.output()).not.toContain(secret);
      expect(server.output()).not.toContain(settings.WSADMIN_BOOTSTRAP_KEY);
    }, 60_000);

    it('runs due refresh tasks on its cron trigger, in the object', async () => {
      expect(await server?.runCron?.()).toBe('ok');
    }, 60_000);
  }
});

/** The row of a runtime in a Markdown table whose first column names it. */
const rowOf = (text: string, name: string) => text.split('\n').find((line) => line.startsWith(`| ${name} |`));

it.each(Object.values(RUNTIME_SERVERS))(
  'docs/runtimes.md and the README show how to start the $name server',
  async (runtime) => {
    const docs = await readFile(join(REPO_ROOT, 'docs/runtimes.md'), 'utf8');
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(rowOf(docs, runtime.name)).toContain(`\`${runtime.command}\``);
    // The README's table is narrower: "Workers" for Cloudflare Workers.
    expect(rowOf(readme, runtime.name.replace('Cloudflare ', ''))).toContain(`\`${runtime.command}\``);
  },
);

describe.each(Object.entries(RUNTIME_SERVERS).filter(([, runtime]) => runtime.keys))(
  'the %s server from its command line',
  (id, runtime) => {
    const keys = (env: Record<string, string>, ...args: string[]) =>
      runtime.keys?.(project, env, args) ?? Promise.reject(new Error('no keys command'));
    const scopes = (url: string, key: string) =>
      fetch(`${url}/openapi/v1/scopes/`, { headers: { authorization: `Bearer ${key}` } });

    it('makes and revokes keys as wsadmin-keys does, seen by the running server; a restart keeps the data and makes no new key', async () => {
      await install();
      const env = { DATABASE_URL: `sqlite:${join(project, 'data', `${id}-keys.db`)}`, LOG_LEVEL: 'warn' };
      const first = await runtime.start(project, env);
      try {
        const created = /"createdKeySecret":"(wsk_[^"]+)"/.exec(first.output())?.[1];
        expect(created).toMatch(/^wsk_/);
        const made = JSON.parse(
          (await keys(env, 'create', '--name', 'ci', '--permissions', 'auth')).stdout,
        ) as {
          id: string;
          secret: string;
        };
        expect((await scopes(first.url, made.secret)).status).toBe(200);
        const listed = (await keys(env, 'list')).stdout;
        expect(listed).toContain(made.id);
        expect(listed).not.toContain(made.secret);
        await keys(env, 'revoke', made.id);
        expect((await scopes(first.url, made.secret)).status).toBe(401);
      } finally {
        await first.stop();
      }
      const second = await runtime.start(project, env);
      try {
        expect(second.output()).not.toContain('createdKeySecret');
        expect((await keys(env, 'list')).stdout.trim().split('\n')).toHaveLength(2);
      } finally {
        await second.stop();
      }
    }, 180_000);

    it('refuses a setting only the Node server has, naming it, and bad keys arguments with the usage', async () => {
      await install();
      const env = { DATABASE_URL: `sqlite:${join(project, 'data', `${id}-refused.db`)}` };
      await expect(runtime.start(project, { ...env, WSADMIN_WORKERS: '2' })).rejects.toThrow(
        `WSADMIN_WORKERS is not supported on ${runtime.name}`,
      );
      await expect(keys(env, 'create')).rejects.toThrow(/--name[\s\S]*Usage: /);
    }, 120_000);
  },
);
