/**
 * The reference server on Bun, Deno and Cloudflare Workers (workerd with Miniflare's local D1),
 * from the packed `@wsadmin/server-core`: the conformance suite over HTTP against each, with the
 * same scenarios as against the Node server (packages/server/src/scenarios.http.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { randomSecret } from '@wsadmin/server-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, npmCache, REPO_ROOT, tarballDependencies } from './harness';
import { sharedTarballs } from './packs';
import { RUNTIME_SERVERS, type StartedServer, targetOf } from './runtime-servers';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-runtime-servers-'));
const project = join(root, 'servers');

let installed: Promise<void> | undefined;
/** One project for the three servers, installed by the first that needs it. */
function install(): Promise<void> {
  installed ??= (async () => {
    const [cache, tarballs] = await Promise.all([npmCache(), sharedTarballs()]);
    await createConsumer({
      directory: project,
      fixture: 'runtime-servers',
      cache,
      dependencies: tarballDependencies(tarballs, ['@wsadmin/server-core']),
    });
  })();
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
    else expect(server?.output()).toMatch(new RegExp(`^  Runtime: ${runtime.name} \\d`, 'm'));
  });

  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  if (id === 'workerd') {
    it('takes keys made and revoked by the SQL that `keys create --sql` / `keys revoke ID --sql` print, as wrangler d1 execute runs it', async () => {
      const printer = RUNTIME_SERVERS.bun?.keys;
      if (!server || !printer) throw new Error('needs the Worker and the Bun keys command');
      const env = { DATABASE_URL: 'sqlite::memory:' };
      const scopes = (key: string) =>
        fetch(`${server?.url}/openapi/v1/scopes/`, { headers: { authorization: `Bearer ${key}` } });
      const created = await printer(project, env, ['create', '--name', 'edge', '--sql']);
      const { id: keyId, secret } = JSON.parse(created.stderr.trim()) as { id: string; secret: string };
      await sql.raw(created.stdout.trim()).execute(server.storage.db);
      expect((await scopes(secret)).status).toBe(200);
      const revoked = await printer(project, env, ['revoke', keyId, '--sql']);
      await sql.raw(revoked.stdout.trim()).execute(server.storage.db);
      expect((await scopes(secret)).status).toBe(401);
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
        const created = /shown only now:\s+(wsk_\S+)/.exec(first.output())?.[1];
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
        expect(second.output()).not.toContain('shown only now');
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
