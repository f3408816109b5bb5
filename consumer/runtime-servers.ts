/**
 * The reference server on Bun, Deno and workerd (Miniflare, with its SQLite-backed Durable Object),
 * started from the packed `@wsadmin/server-core` as docs/runtimes.md tells a user, each as a
 * conformance `Target` over real HTTP (consumer/runtime-servers.test.ts). Keys are made and revoked
 * as a user does: beside the server on the same SQLite file (`wsadmin-keys`), or, on a Worker,
 * through its key administration route with the bootstrap secret.
 */
import { join } from 'node:path';
import type { Target } from '@wsadmin/conformance';
import { openSqliteStorage } from '@wsadmin/server';
import { createKey, findKeyBySecret, revokeKey, type Storage } from '@wsadmin/server-core';
import { KEY_ADMIN_PATH } from '@wsadmin/server-core/server-kit';
import { Miniflare } from 'miniflare';
import {
  type CommandResult,
  consumerEnv,
  createConsumer,
  type Finished,
  finish,
  npmCache,
  type PackageName,
  REPO_ROOT,
  run,
  startCommand,
  tarballDependencies,
} from './harness';
import { sharedTarballs } from './packs';
import { bundleWorker, workerdOutput } from './runtimes';

/**
 * A project of the runtime-servers fixture with the packed `packages` installed, as a user installs
 * them (the servers above start from it). `allowScripts` and `env`: as `createConsumer` takes them.
 */
export async function installServersProject(
  directory: string,
  packages: readonly PackageName[],
  options: Pick<Parameters<typeof createConsumer>[0], 'allowScripts' | 'env'> = {},
): Promise<void> {
  const [cache, tarballs] = await Promise.all([npmCache(), sharedTarballs()]);
  await createConsumer({
    directory,
    fixture: 'runtime-servers',
    cache,
    dependencies: tarballDependencies(tarballs, packages),
    ...options,
  });
}

/** How the tests make and revoke keys on a started server. */
export interface ServerKeys {
  /** Makes a key as `NewKey` describes it (`now`: the server's clock); answers its secret. */
  create(key: Parameters<typeof createKey>[2], now: Date): Promise<string>;
  revoke(secret: string, now: Date): Promise<void>;
}

/** A server of the matrix, started: its address, its key, how keys are made, and how to stop. */
export interface StartedServer {
  url: string;
  key: string;
  keys: ServerKeys;
  /** Fires the Worker's cron trigger and answers its outcome (`ok`, `exception`): Workers only. */
  runCron?(): Promise<string>;
  /** What the server printed (or workerd logged) so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface RuntimeServer {
  /** As docs/runtimes.md names it. */
  name: string;
  /** The command a user runs to start it, as docs/runtimes.md and the README show it (checked there). */
  command: string;
  /** The name its usage calls it by (servers with a command line only). */
  calls?: string;
  /** The package it runs from, whose README.md its usage points to. */
  package: '@wsadmin/server' | '@wsadmin/server-core';
  /** Starts it; `env` has the settings, DATABASE_URL included where the server has a file. */
  start(project: string, env: Record<string, string>): Promise<StartedServer>;
  /** Runs `<command> keys …` to its end (servers with a command line only). */
  keys?(project: string, env: Record<string, string>, args: readonly string[]): Promise<CommandResult>;
  /** Runs `<command> …args` to its end, whatever its exit code (servers with a command line only). */
  exec?(project: string, env: Record<string, string>, args: readonly string[]): Promise<Finished>;
}

const bin = (path: string) => join(REPO_ROOT, 'node_modules', path);
const BANNER = /wsadmin reference server on (http:\/\/\S+)/;

/** A server process started by a command line in the project, on a SQLite file of its own. */
function listening(
  name: string,
  executable: string,
  args: readonly string[],
  documented: string,
  calls: string = documented,
  fromPackage: RuntimeServer['package'] = '@wsadmin/server-core',
): RuntimeServer {
  const runtimeEnv = (project: string, env: Record<string, string>) =>
    consumerEnv({ ...env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(project, '.deno') });
  return {
    name,
    command: documented,
    calls,
    package: fromPackage,
    async start(project, env) {
      const file = (env.DATABASE_URL ?? '').replace(/^sqlite:/, '');
      const running = await startCommand(executable, args, {
        cwd: project,
        env: runtimeEnv(project, { PORT: '0', ...env }),
        ready: BANNER,
        timeoutMs: 120_000,
      });
      const storage = await openSqliteStorage(file, () => new Date());
      return {
        url: BANNER.exec(running.output())?.[1] ?? '',
        key: env.WSADMIN_BOOTSTRAP_KEY ?? '',
        keys: keysOn(storage),
        output: running.output,
        async stop() {
          await running.stop();
          await storage.close();
        },
      };
    },
    keys: (project, env, keysArgs) =>
      run(executable, [...args, 'keys', ...keysArgs], {
        cwd: project,
        env: runtimeEnv(project, env),
        timeoutMs: 60_000,
      }),
    exec: (project, env, more) =>
      finish(executable, [...args, ...more], {
        cwd: project,
        env: runtimeEnv(project, env),
        timeoutMs: 60_000,
      }),
  };
}

/**
 * The project's worker.mjs bundled as wrangler bundles a Worker (esbuild, platform neutral,
 * conditions worker and browser), run by workerd through Miniflare with a local (in-memory) D1 database bound
 * as `DB`, the settings as bindings, and no compatibility flags: the server needs no `nodejs_compat`.
 */
const workerd: RuntimeServer = {
  name: 'Cloudflare Workers',
  command: 'npx wrangler dev',
  package: '@wsadmin/server-core',
  async start(project, env) {
    const outdir = join(project, 'dist-worker');
    await bundleWorker(project, outdir);
    const { output, handleRuntimeStdio } = workerdOutput();
    const miniflare = new Miniflare({
      modules: true,
      scriptPath: join(outdir, 'worker.js'),
      modulesRoot: outdir,
      compatibilityDate: '2026-04-01',
      durableObjects: { WSADMIN: { className: 'WsadminDatabase', useSQLite: true } },
      bindings: env,
      port: 0,
      handleRuntimeStdio,
    });
    const url = (await miniflare.ready).origin;
    // The first request opens and migrates the database and stores the bootstrap key.
    const health = await fetch(`${url}/healthz`);
    if (!health.ok)
      throw new Error(`the Worker answered ${health.status}: ${await health.text()}\n${output()}`);
    const bootstrap = env.WSADMIN_BOOTSTRAP_KEY ?? '';
    return {
      url,
      key: bootstrap,
      keys: keyAdminOf(url, bootstrap),
      async runCron() {
        // Miniflare's Fetcher type lacks the scheduled() that workerd's has.
        const worker = (await miniflare.getWorker()) as unknown as {
          scheduled(options: { cron: string }): Promise<{ outcome: string }>;
        };
        return (await worker.scheduled({ cron: '* * * * *' })).outcome;
      },
      output,
      stop: () => miniflare.dispose(),
    };
  },
};

const bun = listening(
  'Bun',
  bin('.bin/bun'),
  ['node_modules/@wsadmin/server-core/dist/bun.mjs'],
  'bun node_modules/@wsadmin/server-core/dist/bun.mjs',
);
// --no-lock: the project's node_modules as npm installed it, no lockfile of Deno's own.
const deno = listening(
  'Deno',
  bin('.bin/deno'),
  ['run', '-A', '--no-lock', 'npm:@wsadmin/server-core/deno'],
  'deno run -A npm:@wsadmin/server-core/deno',
);

export const RUNTIME_SERVERS: Record<string, RuntimeServer> = { bun, deno, workerd };

/**
 * Node, Bun and Deno: one command line, index, log line and set of start-up errors
 * (consumer/server-hosts.test.ts). Node runs `wsadmin-server` from the packed `@wsadmin/server` (its
 * bin link, as `npx` runs it), by the Node that runs the tests.
 */
export const SERVER_HOSTS: Record<string, RuntimeServer> = {
  node: listening(
    'Node',
    process.execPath,
    ['node_modules/.bin/wsadmin-server'],
    'npx wsadmin-server',
    'wsadmin-server',
    '@wsadmin/server',
  ),
  bun,
  deno,
};

/** Keys made beside a server, on its SQLite file, as `wsadmin-keys` makes them. */
export function keysOn(storage: Storage): ServerKeys {
  return {
    create: async (key, now) => (await createKey(storage.db, now, key)).secret,
    async revoke(secret, now) {
      const key = await findKeyBySecret(storage.db, secret);
      if (key) await revokeKey(storage.db, key.id, now);
    },
  };
}

/** Keys made through a Worker's key administration route, with the bootstrap secret (docs/runtimes.md). */
export function keyAdminOf(url: string, bootstrap: string): ServerKeys {
  const ids = new Map<string, string>();
  const send = async (path: string, body?: unknown) => {
    const answer = await fetch(`${url}${KEY_ADMIN_PATH}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bootstrap}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`${KEY_ADMIN_PATH}${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { data?: { id: string; secret: string } };
  };
  return {
    async create(key) {
      // The suite's "no permission listed" is an empty list; the route asks for the list to be left
      // out (an empty one is refused there, since it is stored as every permission).
      const { permissions, ...unrestricted } = key;
      const { data } = await send('', permissions?.length === 0 ? unrestricted : key);
      if (!data) throw new Error('the key administration route answered no key');
      ids.set(data.secret, data.id);
      return data.secret;
    },
    async revoke(secret) {
      const id = ids.get(secret);
      if (id) await send(`${id}/revoke/`);
    },
  };
}

/**
 * A started server as the conformance suite's target, with every capability: keys on its database,
 * and its clock through `POST /__test__/clock/` (WSADMIN_TEST_CLOCK=1).
 */
export function targetOf(name: string, server: StartedServer): Target {
  const advanceClock = async (seconds: number) => {
    const response = await fetch(`${server.url}/__test__/clock/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: seconds }),
    });
    if (!response.ok) throw new Error(`clock advance failed: ${response.status} ${await response.text()}`);
    return new Date(((await response.json()) as { data: { now: string } }).data.now);
  };
  return {
    name,
    baseUrl: server.url,
    key: server.key,
    fetch: (request) => fetch(request),
    createKey: async (key) => server.keys.create(key, await advanceClock(0)),
    revokeKey: async (secret) => server.keys.revoke(secret, await advanceClock(0)),
    advanceClock,
  };
}
