import { errorEnvelope } from '@wsadmin/contract';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { ensureBootstrapKey, listKeys } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import type { TaskRunner } from '../context';
import { describeError } from '../errors';
import { processDueTasks } from '../management/refresh-tasks';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { readServerSettings } from '../settings/server-settings';
import { type D1Database, openD1Storage } from '../storage/d1';
import type { Storage } from '../storage/storage';
import { serveDocument } from './document';
import { mountHome } from './home';
import { jsonLinesLogger, logRequest } from './log';

/** The Worker's bindings: its D1 database and the settings (`[vars]` and secrets). */
export interface WorkerEnv {
  [binding: string]: unknown;
}

/** What Cloudflare calls: a request, and the cron trigger that runs due refresh tasks. */
export interface WsadminWorker {
  fetch(request: Request, env: WorkerEnv, context?: unknown): Promise<Response>;
  scheduled(controller: unknown, env: WorkerEnv, context?: unknown): Promise<void>;
}

export interface WorkerOptions {
  /** The name of the D1 binding (`binding` of `[[d1_databases]]` in wrangler.toml). Default `DB`. */
  database?: string;
}

interface Started {
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  taskRunner: TaskRunner;
}

/**
 * The reference server as a Cloudflare Worker on D1. Each isolate opens the database on its first
 * request (migrating it, and making sure of the bootstrap key, `WSADMIN_BOOTSTRAP_KEY`, a secret);
 * a failure there is answered 503 with the reason, and the next request tries again.
 */
export function createWorker(options: WorkerOptions = {}): WsadminWorker {
  const binding = options.database ?? 'DB';
  let started: Promise<Started> | undefined;
  let startedOn: unknown;
  const instance = (env: WorkerEnv): Promise<Started> => {
    const database = env[binding];
    if (!started || startedOn !== database) {
      const start = startWorker(env, database, binding);
      started = start;
      startedOn = database;
      start.catch(() => {
        if (started === start) started = undefined;
      });
    }
    return started;
  };
  return {
    async fetch(request, env, context) {
      let worker: Started;
      try {
        worker = await instance(env);
      } catch (error) {
        console.error(`wsadmin: cannot start: ${describeError(error)}`);
        return Response.json(errorEnvelope(503, (error as Error).message, 'unavailable'), { status: 503 });
      }
      return worker.app.fetch(request, env, context as never);
    },
    async scheduled(_controller, env) {
      const worker = await instance(env);
      await processDueTasks(worker.storage, worker.clock.now(), worker.taskRunner);
    },
  };
}

async function startWorker(env: WorkerEnv, database: unknown, binding: string): Promise<Started> {
  const settings = readServerSettings(env, 'Cloudflare Workers');
  if (!isD1(database))
    throw new Error(
      `no D1 database bound as ${binding}: add [[d1_databases]] with binding = "${binding}" to wrangler.toml`,
    );
  const clock = new AdjustableClock();
  const storage = await openD1Storage(database, () => clock.now());
  await storage.writeTransaction('global', async (trx) => {
    if (settings.bootstrapKey) return ensureBootstrapKey(trx, clock.now(), settings.bootstrapKey);
    // Node prints a new key once on its console; a Worker's log is no place for a secret.
    if ((await listKeys(trx)).length === 0)
      throw new Error(
        'no access key exists yet: set the secret WSADMIN_BOOTSTRAP_KEY (npx wrangler secret put WSADMIN_BOOTSTRAP_KEY); its value becomes an unrestricted key',
      );
    return undefined;
  });
  const taskRunner = { id: `worker-${crypto.randomUUID().slice(0, 8)}` };
  // The lines of every runtime's server, without `pid` (an isolate has none).
  const logger = jsonLinesLogger({ level: settings.logLevel });
  const app = createApp({
    storage,
    clock,
    // Workers have Web Crypto, not scrypt (which would also need 128 MiB per hash).
    passwords: pbkdf2Passwords(),
    testClock: settings.testClock,
    validateResponses: settings.validateResponses,
    taskRunner,
    onRequestDone: (report) => logRequest(logger, report),
    ...(settings.corsOrigins ? { corsOrigins: settings.corsOrigins } : {}),
    ...(settings.rateLimits ? { rateLimiter: tokenBucketLimiter(settings.rateLimits) } : {}),
    clientAddress: (c) => c.req.header('cf-connecting-ip'),
    onError: (error) => console.error(`wsadmin: internal error: ${describeError(error)}`),
  });
  serveDocument(app);
  // A Worker cannot know the address a request reached: the index's hint names `<this server>`.
  mountHome(app, { docs: false, serverUrl: () => undefined });
  return { app, storage, clock, taskRunner };
}

function isD1(value: unknown): value is D1Database {
  return typeof (value as { prepare?: unknown } | null)?.prepare === 'function';
}
