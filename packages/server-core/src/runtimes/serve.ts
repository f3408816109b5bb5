import type { Context, Hono } from 'hono';
import { createApp } from '../app';
import { ensureBootstrapKey } from '../auth/keys';
import type { PasswordHasher } from '../auth/passwords';
import { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from '../auth/scrypt-passwords';
import { AdjustableClock } from '../clock';
import type { TaskRunner } from '../context';
import type { RequestReport } from '../http/request-report';
import type { Tracing } from '../http/tracing';
import { startTaskTimer } from '../management/task-timer';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import type { ServerRuntime, ServerSettings } from '../settings/server-settings';
import type { StatementTracing } from '../storage/statement-tracing';
import type { Storage } from '../storage/storage';
import { printBanner } from './banner';
import { serveDocument } from './document';
import { lastForwardedFor } from './forwarded-for';
import { mountHome } from './home';
import { listenError } from './listen-error';
import { errorFields, jsonLinesLogger, logRequest, type ServerLogger } from './log';

/** The server, started on its runtime: what `startServer` of each runtime's entry gives. */
export interface RuntimeServer {
  url: string;
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  /** Secret of a key created on this start (first start on an empty database), shown once. */
  createdKeySecret: string | undefined;
  /**
   * Stops listening, lets the requests in flight finish (the Node host: within `drainMs`, then
   * closes what is left), waits for the refresh round under way, closes the database. From the call
   * on, `GET /readyz` answers 503.
   */
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** How long requests in flight may take before their connections are closed (hosts that can). */
  drainMs?: number | undefined;
  /**
   * Told once the listener is closed and every connection is gone, before the database closes;
   * `undefined` from a host that cannot tell what its stop cut (Bun, Deno).
   */
  onDrained?: (drained: Drained | undefined) => void;
}

/** How a drain ended. */
export interface Drained {
  /** Requests whose connections the deadline closed before their answer was sent: 0 in a clean drain. */
  cut: number;
}

/** A runtime's HTTP server, listening. */
export interface Listening {
  /** The port actually bound (PORT=0 picks a free one). */
  port: number;
  /**
   * Stops accepting connections and resolves once every open one is gone. A host that can drain
   * (Node) answers with `Connection: close` from now on, closes idle connections at once, and at
   * `drainMs` closes the rest, counting the requests it cut.
   */
  stop(options?: { drainMs?: number | undefined }): Promise<Drained | undefined>;
}

/** What `app.fetch` receives as its environment from the Bun and Deno hosts: the peer's address. */
export interface PeerBindings {
  remoteAddress?: string | undefined;
}

/** Routes and observers a runtime adds to the core's (Node: the docs page and `/metrics`). */
export interface HostAdditions {
  mount?(app: Hono): void;
  /** Each answered request, after it is logged (Node: the metrics). */
  observe?(report: RequestReport): void;
}

/**
 * One runtime under the neutral core: how it opens its database and listens, and what it has
 * besides. Everything else (the app, the index, the log lines, the start-up errors, the key made
 * sure of once listening, the refresh timer) is `serveOnRuntime`'s, alike on every runtime.
 */
export interface RuntimeHost {
  runtime: ServerRuntime;
  /** What the banner says the server runs on: `Node 20.19.0`, `Bun 1.4.5`. */
  label: string;
  /** This process, as the refresh tasks it runs are claimed by (`refresh_tasks.claimed_by`). */
  runnerId: string;
  /** The process id the log lines carry (`pid`, as pino's). */
  pid?: number | undefined;
  /** The host serves the API reference at /docs (Node): the index and the banner link it. */
  docs?: boolean;
  /** `tracing`: the statements' spans, when the host's `tracing` turned traces on. */
  openStorage(settings: ServerSettings, now: () => Date, tracing?: StatementTracing): Promise<Storage>;
  /**
   * OpenTelemetry, when the settings ask for it (Node: `OTEL_*`); undefined: off. Made before the
   * database opens; shut down (its spans flushed) once the database is closed.
   */
  tracing?(settings: ServerSettings): Promise<HostTracing | undefined>;
  /** Serves `fetch` on the settings' host and port; rejects with the runtime's error when it cannot. */
  listen(
    fetch: (request: Request, bindings?: unknown) => Promise<Response> | Response,
    settings: ServerSettings,
  ): Promise<Listening>;
  /** The client's own address (before WSADMIN_TRUST_PROXY); default: `remoteAddress` of PeerBindings. */
  peerAddress?(c: Context): string | undefined;
  /** The address a request reached, for the index's hint; default: the listening URL, unless HOST is a wildcard. */
  localUrl?(c: Context): string | undefined;
  /** Where lines go; default: JSON lines on stdout at LOG_LEVEL (the lines pino writes on Node). */
  logger?: ServerLogger;
  /**
   * Where the start-up and shutdown records go (the banner, `shutting down`, `drained`), at `info`
   * whatever LOG_LEVEL says, through the same stream as `logger` so lines keep their order.
   * Default: JSON lines on stdout.
   */
  lifecycleLogger?: ServerLogger;
  /** Default: scrypt, as many at once as PASSWORD_CONCURRENCY. */
  passwords?: PasswordHasher;
  /** What only this runtime serves and observes, given the opened database (Node: /docs, /metrics). */
  additions?(storage: Storage): HostAdditions;
  /** Once the database is closed (Node: flush the log). */
  closed?(): Promise<void>;
}

/** A host's OpenTelemetry, on: the spans of the app and its storage, and how to flush them. */
export interface HostTracing {
  tracing: Tracing;
  /** Exports the spans not yet sent and stops the exporter. */
  shutdown(): Promise<void>;
}

export interface ServeOptions {
  /** Make sure the bootstrap key exists once listening (default). A Node cluster's primary does it for its workers. */
  bootstrapKey?: boolean;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const defaultPeerAddress = (c: Context) => (c.env as PeerBindings | undefined)?.remoteAddress;

/**
 * The reference server on any runtime: the database migrated on open, the app with the index and
 * the document, a bootstrap key made sure of once listening (a start that cannot listen creates no
 * key it never prints), and refresh tasks run on a timer. Rejects with a StartupError when it
 * cannot listen.
 */
export async function serveOnRuntime(
  host: RuntimeHost,
  settings: ServerSettings,
  options: ServeOptions = {},
): Promise<RuntimeServer> {
  const logger = host.logger ?? jsonLinesLogger({ level: settings.logLevel, pid: host.pid });
  let shuttingDown = false;
  const clock = new AdjustableClock();
  const traces = await host.tracing?.(settings);
  let storage: Storage;
  try {
    storage = await host.openStorage(settings, () => clock.now(), traces?.tracing);
  } catch (error) {
    await traces?.shutdown();
    throw error;
  }
  const taskRunner: TaskRunner = { id: host.runnerId };
  taskRunner.onRun = (run) =>
    logger.info(
      { task: run.uid, workspaceId: run.workspaceId, operations: run.operations, runner: taskRunner.id },
      `refresh task ${run.uid} of workspace ${run.workspaceId} ran: ${run.operations} operation(s), runner ${taskRunner.id}`,
    );
  const additions = host.additions?.(storage) ?? {};
  const peerAddress = host.peerAddress ?? defaultPeerAddress;
  const app = createApp({
    storage,
    clock,
    passwords: host.passwords ?? boundedPasswords(scryptPasswords, PASSWORD_CONCURRENCY),
    testClock: settings.testClock,
    validateResponses: settings.validateResponses,
    taskRunner,
    onRequestDone: (report) => {
      logRequest(logger, report);
      additions.observe?.(report);
    },
    ...(settings.corsOrigins ? { corsOrigins: settings.corsOrigins } : {}),
    ...(settings.rateLimits ? { rateLimiter: tokenBucketLimiter(settings.rateLimits) } : {}),
    clientAddress: (c) =>
      (settings.trustProxy ? lastForwardedFor(c.req.header('x-forwarded-for')) : undefined) ?? peerAddress(c),
    onError: (error) => logger.error(errorFields(error), 'internal error'),
    readiness: {
      shuttingDown: () => shuttingDown,
      onChange: (ready, reason) =>
        ready ? logger.info({ ready }, 'ready again: the database answers') : logger.error({ ready }, reason),
    },
    ...(traces ? { tracing: traces.tracing } : {}),
  });
  serveDocument(app);
  additions.mount?.(app);
  let listeningUrl: string | undefined;
  mountHome(app, {
    docs: host.docs ?? false,
    serverUrl: host.localUrl ?? (() => listeningUrl),
  });
  let listening: Listening;
  try {
    listening = await host.listen((request, bindings) => app.fetch(request, bindings), settings);
  } catch (error) {
    await storage.close();
    await traces?.shutdown();
    throw listenError(settings.host, settings.port, error);
  }
  if (!WILDCARD_HOSTS.has(settings.host)) listeningUrl = urlOf(settings.host, listening.port);
  // Only now, listening: a start that cannot listen must not create a key it never prints, which
  // the next start would then not create again (it creates one only on an empty key table).
  let bootstrap: { secret?: string } | undefined;
  try {
    if (options.bootstrapKey ?? true) {
      // Under the global lock: processes starting together on one PostgreSQL database create the key once.
      bootstrap = await storage.writeTransaction('global', (trx) =>
        ensureBootstrapKey(trx, clock.now(), settings.bootstrapKey),
      );
    }
  } catch (error) {
    await listening.stop();
    await storage.close();
    await traces?.shutdown();
    throw error;
  }
  // Refresh tasks also run when nobody asks: a timer claims due tasks (each by one runner only).
  const taskTimer = startTaskTimer(
    storage,
    () => clock.now(),
    taskRunner,
    (level, message, error) => logger[level](error === undefined ? {} : errorFields(error), message),
  );
  let closing: Promise<void> | undefined;
  return {
    url: urlOf(settings.host, listening.port),
    app,
    storage,
    clock,
    createdKeySecret: bootstrap?.secret,
    close(options = {}) {
      shuttingDown = true;
      closing ??= Promise.all([listening.stop({ drainMs: options.drainMs }), taskTimer.stop()])
        .then(([drained]) => options.onDrained?.(drained))
        .then(() => storage.close())
        .then(() => traces?.shutdown())
        .then(() => host.closed?.());
      return closing;
    },
  };
}

/**
 * Starts, prints the banner, and drains on SIGINT / SIGTERM (`drainOnSignals`): what every
 * runtime's command serves.
 */
export async function runOnRuntime(
  host: RuntimeHost,
  settings: ServerSettings,
  onSignal: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void,
): Promise<RuntimeServer> {
  const server = await serveOnRuntime(host, settings);
  const lifecycle = host.lifecycleLogger ?? jsonLinesLogger({ level: 'info', pid: host.pid });
  const banner = {
    url: server.url,
    location: server.storage.location,
    runtime: host.label,
    createdKeySecret: server.createdKeySecret,
    testClock: settings.testClock,
    docs: host.docs ?? false,
  };
  printBanner(banner, settings.logFormat === 'json' ? lifecycle : undefined);
  drainOnSignals(server, settings, lifecycle, onSignal);
  return server;
}

/** After the drain deadline, this long for the database to close before the process exits anyway. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * On the first SIGINT or SIGTERM: `shutting down` (unless `announce` is false: a cluster's primary
 * says it once for its workers), the drain (`close` within WSADMIN_DRAIN_SECONDS), `drained` with
 * its duration and the requests cut, then exit 0; exit 1 when the deadline cut a request in flight
 * or the close failed, or when the close still hangs `CLOSE_GRACE_MS` after the deadline.
 */
export function drainOnSignals(
  server: Pick<RuntimeServer, 'close'>,
  settings: Pick<ServerSettings, 'drainSeconds'>,
  lifecycle: ServerLogger,
  onSignal: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void,
  options: { announce?: boolean } = {},
): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    onSignal(signal, () => {
      // Ctrl-C reaches a whole process group, and a cluster's primary forwards SIGTERM as well.
      if (stopping) return;
      stopping = true;
      const drainMs = settings.drainSeconds * 1000;
      const started = Date.now();
      if (options.announce ?? true)
        lifecycle.info({ signal, drainSeconds: settings.drainSeconds }, 'shutting down: draining');
      const giveUp = setTimeout(() => {
        lifecycle.error({ signal }, 'the database did not close in time after the drain; exiting');
        exit(1);
      }, drainMs + CLOSE_GRACE_MS);
      (giveUp as { unref?: () => void }).unref?.();
      let cut = 0;
      const onDrained = (drained: Drained | undefined) => {
        const durationMs = Date.now() - started;
        cut = drained?.cut ?? 0;
        if (!drained) lifecycle.info({ durationMs }, 'drained: the listener is closed');
        else if (cut > 0)
          lifecycle.error({ cut, durationMs }, `drained: the deadline cut ${cut} request(s) in flight`);
        else lifecycle.info({ cut, durationMs }, 'drained: every request answered');
      };
      server.close({ drainMs, onDrained }).then(
        () => exitAfterFlush(lifecycle, cut > 0 ? 1 : 0),
        (error: unknown) => {
          lifecycle.error(errorFields(error), 'shutdown failed');
          exitAfterFlush(lifecycle, 1);
        },
      );
    });
  }
}

/**
 * Exits once the log is written out: an exit with an asynchronous write in flight lets the exit's
 * own synchronous flush overtake it, and `drained` came out before `shutting down`.
 */
function exitAfterFlush(logger: ServerLogger, code: number): void {
  if (logger.flush) logger.flush(() => exit(code));
  else exit(code);
}

function exit(code: number): void {
  (globalThis as { process?: { exit(code: number): void } }).process?.exit(code);
}
