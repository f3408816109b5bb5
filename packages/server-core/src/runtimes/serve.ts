import type { Context, Hono } from 'hono';
import { createApp } from '../app';
import { ensureBootstrapKey } from '../auth/keys';
import { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from '../auth/scrypt-passwords';
import { AdjustableClock } from '../clock';
import { describeError } from '../errors';
import { startTaskTimer } from '../management/task-timer';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import type { RuntimeSettings, ServerRuntime } from '../settings/runtime-settings';
import type { Storage } from '../storage/storage';
import { printBanner } from './banner';
import { serveDocument } from './document';
import { lastForwardedFor } from './forwarded-for';

/** The Bun or Deno server, started: what `startServer` of `@wsadmin/server-core/bun` / `/deno` gives. */
export interface RuntimeServer {
  url: string;
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  /** Secret of a key created on this start (first start on an empty database), shown once. */
  createdKeySecret: string | undefined;
  /** Stops listening, waits for the refresh round under way, closes the database. */
  close(): Promise<void>;
}

/** A runtime's HTTP server, listening. */
export interface Listening {
  /** The port actually bound (PORT=0 picks a free one). */
  port: number;
  stop(): Promise<void>;
}

/** What `app.fetch` receives as its environment from the runtime entries: the peer's address. */
export interface PeerBindings {
  remoteAddress?: string | undefined;
}

/** How one runtime opens its database and listens; the rest is alike (`serveOnRuntime`). */
export interface RuntimeHost {
  runtime: ServerRuntime;
  /** The process id, for the name the refresh tasks this process runs are claimed by. */
  pid: number;
  openStorage(file: string, now: () => Date): Promise<Storage>;
  /** Serves `fetch` on host:port; `fetch` is given the peer's address as `PeerBindings`. */
  listen(
    fetch: (request: Request, bindings: PeerBindings) => Promise<Response> | Response,
    host: string,
    port: number,
  ): Promise<Listening>;
}

/**
 * The reference server on a runtime other than Node, as `wsadmin-server` runs on Node: the database
 * migrated on open, the app, a bootstrap key made sure of once listening (a start that cannot listen
 * creates no key it never prints), and refresh tasks run on a timer.
 */
export async function serveOnRuntime(host: RuntimeHost, settings: RuntimeSettings): Promise<RuntimeServer> {
  const clock = new AdjustableClock();
  const storage = await host.openStorage(settings.databaseFile, () => clock.now());
  const taskRunner = { id: `${host.runtime.toLowerCase()}:${host.pid}` };
  const app = createApp({
    storage,
    clock,
    passwords: boundedPasswords(scryptPasswords, PASSWORD_CONCURRENCY),
    testClock: settings.testClock,
    validateResponses: settings.validateResponses,
    taskRunner,
    ...(settings.logRequests
      ? {
          onRequestDone: (report) =>
            console.log(JSON.stringify({ time: new Date().toISOString(), ...report })),
        }
      : {}),
    ...(settings.corsOrigins ? { corsOrigins: settings.corsOrigins } : {}),
    ...(settings.rateLimits ? { rateLimiter: tokenBucketLimiter(settings.rateLimits) } : {}),
    clientAddress: (c: Context<{ Bindings: PeerBindings }>) =>
      (settings.trustProxy ? lastForwardedFor(c.req.header('x-forwarded-for')) : undefined) ??
      c.env?.remoteAddress,
    onError: (error) => console.error(`wsadmin: internal error: ${describeError(error)}`),
  });
  serveDocument(app);
  let listening: Listening;
  try {
    listening = await host.listen(
      (request, bindings) => app.fetch(request, bindings),
      settings.host,
      settings.port,
    );
  } catch (error) {
    await storage.close();
    throw new Error(`cannot listen on ${settings.host}:${settings.port}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let bootstrap: { secret?: string } | undefined;
  try {
    bootstrap = await storage.writeTransaction('global', (trx) =>
      ensureBootstrapKey(trx, clock.now(), settings.bootstrapKey),
    );
  } catch (error) {
    await listening.stop();
    await storage.close();
    throw error;
  }
  const taskTimer = startTaskTimer(
    storage,
    () => clock.now(),
    taskRunner,
    (line) => console.error(line),
  );
  const hostName = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostName}:${listening.port}`,
    app,
    storage,
    clock,
    createdKeySecret: bootstrap?.secret,
    close() {
      closing ??= Promise.all([listening.stop(), taskTimer.stop()]).then(() => storage.close());
      return closing;
    },
  };
}

/** Starts from the environment, prints the banner, and stops on SIGINT / SIGTERM. */
export async function runOnRuntime(
  host: RuntimeHost,
  settings: RuntimeSettings,
  onSignal: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void,
): Promise<RuntimeServer> {
  const server = await serveOnRuntime(host, settings);
  printBanner({
    url: server.url,
    location: `${server.storage.location} (${host.runtime})`,
    createdKeySecret: server.createdKeySecret,
    testClock: settings.testClock,
    docs: false,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    onSignal(signal, () => {
      console.log(`wsadmin: ${signal}, shutting down`);
      server.close().then(
        () => exit(0),
        () => exit(1),
      );
    });
  }
  return server;
}

function exit(code: number): void {
  (globalThis as { process?: { exit(code: number): void } }).process?.exit(code);
}
