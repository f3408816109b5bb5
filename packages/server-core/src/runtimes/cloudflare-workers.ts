import { errorEnvelope } from '@wsadmin/contract';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { ensureBootstrapKey, listKeys } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import type { TaskRunner } from '../context';
import { describeError } from '../errors';
import { BODY_LIMIT_BYTES } from '../http/request';
import { processDueTasks } from '../management/refresh-tasks';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { readServerSettings } from '../settings/server-settings';
import { type DurableObjectStorageLike, openDurableObjectStorage } from '../storage/durable-object';
import type { Storage } from '../storage/storage';
import { serveDocument } from './document';
import { mountHome } from './home';
import { mountKeyAdmin } from './key-admin';
import { jsonLinesLogger, logRequest } from './log';

/** The Worker's bindings: the Durable Object namespace and the settings (`[vars]` and secrets). */
export interface WorkerEnv {
  [binding: string]: unknown;
}

/** What Cloudflare calls: a request, and the cron trigger that runs due refresh tasks. */
export interface WsadminWorker {
  fetch(request: Request, env: WorkerEnv, context?: unknown): Promise<Response>;
  scheduled(controller: unknown, env: WorkerEnv, context?: unknown): Promise<void>;
}

export interface WorkerOptions {
  /** The binding of the Durable Object namespace (`[[durable_objects.bindings]]`). Default `WSADMIN`. */
  binding?: string;
}

/** The part of a Durable Object namespace binding the Worker uses. */
interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

/** The state Cloudflare gives a Durable Object: its SQLite-backed storage. */
export interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

/**
 * Asks the object to run due refresh tasks (the cron trigger). Refused on requests from outside, so
 * only the Worker's `scheduled` sends it.
 */
const RUN_DUE_TASKS = 'x-wsadmin-run-due-tasks';
/** The one object that holds the database: every request of every isolate reaches it. */
const OBJECT_NAME = 'wsadmin';

/**
 * The reference server as a Cloudflare Worker: each request is forwarded to one SQLite-backed
 * Durable Object (`WsadminDatabase`), which runs the app over its own storage, so every write is
 * a real transaction and requests of all isolates meet in one place (decision 0029).
 */
export function createWorker(options: WorkerOptions = {}): WsadminWorker {
  const binding = options.binding ?? 'WSADMIN';
  const objectOf = (env: WorkerEnv) => {
    const namespace = env[binding];
    if (!isNamespace(namespace))
      throw new Error(
        `no Durable Object namespace bound as ${binding}: add [[durable_objects.bindings]] name = "${binding}", class_name = "WsadminDatabase" and a migration with new_sqlite_classes = ["WsadminDatabase"] to wrangler.toml, and export WsadminDatabase from the Worker`,
      );
    return namespace.get(namespace.idFromName(OBJECT_NAME));
  };
  return {
    async fetch(request, env) {
      if (request.headers.has(RUN_DUE_TASKS)) {
        return Response.json(
          errorEnvelope(400, `the header ${RUN_DUE_TASKS} is the server's own`, 'invalid_request'),
          {
            status: 400,
          },
        );
      }
      let object: ReturnType<typeof objectOf>;
      try {
        object = objectOf(env);
      } catch (error) {
        console.error(`wsadmin: cannot start: ${describeError(error)}`);
        return Response.json(errorEnvelope(503, (error as Error).message, 'unavailable'), { status: 503 });
      }
      return object.fetch(await withBodyRead(request));
    },
    async scheduled(_controller, env) {
      const answer = await objectOf(env).fetch(
        new Request('https://wsadmin.internal/', { method: 'POST', headers: { [RUN_DUE_TASKS]: '1' } }),
      );
      if (!answer.ok) throw new Error(`refresh tasks failed: ${answer.status} ${await answer.text()}`);
    },
  };
}

interface Started {
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  taskRunner: TaskRunner;
}

/**
 * The Durable Object class that holds the database (SQLite storage) and answers every request.
 * It opens and migrates its storage on its first request, making sure of the bootstrap key
 * (`WSADMIN_BOOTSTRAP_KEY`, a secret); a failure there is answered 503 with the reason, and the next
 * request tries again.
 */
export class WsadminDatabase {
  #started: Promise<Started> | undefined;

  constructor(
    private readonly state: DurableObjectStateLike,
    private readonly env: WorkerEnv,
  ) {}

  async fetch(request: Request): Promise<Response> {
    let started: Started;
    try {
      started = await this.#start();
    } catch (error) {
      console.error(`wsadmin: cannot start: ${describeError(error)}`);
      return Response.json(errorEnvelope(503, (error as Error).message, 'unavailable'), { status: 503 });
    }
    if (request.headers.has(RUN_DUE_TASKS)) {
      await processDueTasks(started.storage, started.clock.now(), started.taskRunner);
      return new Response(null, { status: 204 });
    }
    return started.app.fetch(request, this.env);
  }

  #start(): Promise<Started> {
    if (!this.#started) {
      const start = startObject(this.state.storage, this.env);
      this.#started = start;
      start.catch(() => {
        if (this.#started === start) this.#started = undefined;
      });
    }
    return this.#started;
  }
}

async function startObject(objectStorage: DurableObjectStorageLike, env: WorkerEnv): Promise<Started> {
  const settings = readServerSettings(env, 'Cloudflare Workers');
  const clock = new AdjustableClock();
  const storage = await openDurableObjectStorage(objectStorage, () => clock.now());
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
  mountKeyAdmin(app, () => storage, clock, settings.bootstrapKey);
  // A Worker cannot know the address a request reached: the index's hint names `<this server>`.
  mountHome(app, { docs: false, serverUrl: () => undefined });
  return { app, storage, clock, taskRunner };
}

/**
 * The request with its body read here, in the Worker, before it goes to the object: an answer the
 * object gives without reading a body (401, 413) would otherwise leave the client's upload cut off
 * and its connection reset. At most one byte past the body limit is kept (the app then answers 413
 * as on every runtime); the rest is read and dropped.
 */
async function withBodyRead(request: Request): Promise<Request> {
  if (!request.body) return request;
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  const reader = request.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const room = BODY_LIMIT_BYTES + 1 - keptBytes;
    if (room <= 0) continue;
    const part = chunk.value.byteLength > room ? chunk.value.subarray(0, room) : chunk.value;
    kept.push(part);
    keptBytes += part.byteLength;
  }
  const body = new Uint8Array(keptBytes);
  let at = 0;
  for (const part of kept) {
    body.set(part, at);
    at += part.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body });
}

function isNamespace(value: unknown): value is DurableObjectNamespaceLike {
  const namespace = value as Partial<DurableObjectNamespaceLike> | null;
  return typeof namespace?.idFromName === 'function' && typeof namespace.get === 'function';
}
