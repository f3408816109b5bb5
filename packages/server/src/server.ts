import cluster from 'node:cluster';
import { hostname } from 'node:os';
import { type ServerType, serve } from '@hono/node-server';
import type { Storage } from '@wsadmin/server-core';
import {
  AdjustableClock,
  createApp,
  describeError,
  ensureBootstrapKey,
  startTaskTimer,
  type TaskRunner,
  tokenBucketLimiter,
} from '@wsadmin/server-core';
import { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from '@wsadmin/server-core/server-kit';
import type { Hono } from 'hono';
import type { DestinationStream, Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { ServerConfig } from './config';
import { mountDocs } from './docs';
import { mountHome } from './home';
import { openStorageFromUrl } from './open-storage';
import { clientAddressOf } from './operations/client-address';
import { capConnections, dropReporter } from './operations/connection-cap';
import { createLogger, logRequest } from './operations/logger';
import { createMetrics, type PoolStats } from './operations/metrics';
import { type MetricsSource, mountMetrics } from './operations/metrics-route';
import { StartupError } from './startup-error';

export interface RunningServer {
  url: string;
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  /** Secret of a key created on this start (first start on an empty database), shown once. */
  createdKeySecret: string | undefined;
  logger: Logger;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Where the log lines go instead of stdout (tests). */
  logDestination?: DestinationStream;
  /** One write(2) per log line: the workers of a cluster share stdout, and whole lines stay whole. */
  logSync?: boolean;
  /** What `GET /metrics` shows, given this process's registry (a cluster worker: the whole cluster). */
  metricsSource?: (local: Registry) => MetricsSource;
  /** Make sure the bootstrap key exists once listening (default). A cluster's primary does it for its workers. */
  bootstrapKey?: boolean;
}

/**
 * The server could not listen (port in use, no permission): a plain one-line reason for the
 * operator, no stack. Nothing was written but the migrations: no key was created.
 */
export class ListenError extends StartupError {
  override name = 'ListenError';

  constructor(host: string, port: number, cause: unknown) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    const why =
      code === 'EADDRINUSE'
        ? 'the port is in use (EADDRINUSE): stop the other server or choose another PORT'
        : code === 'EACCES'
          ? 'permission denied (EACCES; ports below 1024 need privileges): choose another PORT'
          : code === 'EADDRNOTAVAIL'
            ? 'this machine has no such address (EADDRNOTAVAIL): check HOST'
            : cause instanceof Error
              ? cause.message
              : String(cause);
    super(`cannot listen on ${host}:${port}: ${why}`, { cause });
  }
}

/** Everything `npm start` does, as a function: open storage, make sure a key exists, serve. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger(
    { level: config.logLevel, format: config.logFormat, sync: options.logSync ?? false },
    options.logDestination,
  );
  const clock = new AdjustableClock();
  const storage = await openStorageFromUrl(config.databaseUrl, () => clock.now(), {
    testHooks: config.testHooks,
  });
  // Each process names itself in the tasks it runs (refresh_tasks.claimed_by).
  const taskRunner: TaskRunner = { id: `${hostname()}:${process.pid}` };
  taskRunner.onRun = (run) =>
    logger.info(
      { task: run.uid, workspaceId: run.workspaceId, operations: run.operations, runner: taskRunner.id },
      `refresh task ${run.uid} of workspace ${run.workspaceId} ran: ${run.operations} operation(s), runner ${taskRunner.id}`,
    );
  const poolStats =
    'poolStats' in storage ? (storage as { poolStats: () => PoolStats }).poolStats : undefined;
  const metrics = createMetrics(storage, poolStats);
  const app = createApp({
    storage,
    clock,
    passwords: boundedPasswords(scryptPasswords, config.passwordConcurrency ?? PASSWORD_CONCURRENCY),
    testClock: config.testClock,
    validateResponses: config.validateResponses,
    taskRunner,
    onRequestDone: (report) => {
      metrics.observe(report);
      logRequest(logger, report);
    },
    ...(config.corsOrigins ? { corsOrigins: config.corsOrigins } : {}),
    ...(config.rateLimits ? { rateLimiter: tokenBucketLimiter(config.rateLimits) } : {}),
    clientAddress: clientAddressOf(config.trustProxy),
    onError: (error) => console.error(`wsadmin: internal error: ${describeError(error)}`),
  });
  mountDocs(app);
  mountMetrics(app, options.metricsSource?.(metrics.registry) ?? metrics.registry, config.metricsKey);
  mountHome(app);
  let server: ServerType;
  try {
    server = await listen(app, config, dropReporter(logger, config.maxConnections));
  } catch (error) {
    await storage.close();
    throw new ListenError(config.host, config.port, error);
  }
  // Only now, listening: a start that cannot listen must not create a key it never prints, which
  // the next start would then not create again (it creates one only on an empty key table).
  let bootstrap: { secret?: string } | undefined;
  try {
    if (options.bootstrapKey ?? true) {
      // Under the global lock: processes starting together on one PostgreSQL database create the key once.
      bootstrap = await storage.writeTransaction('global', (trx) =>
        ensureBootstrapKey(trx, clock.now(), config.bootstrapKey),
      );
    }
  } catch (error) {
    await new Promise((closed) => server.close(closed));
    await storage.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // Refresh tasks also run when nobody asks: a timer claims due tasks (each by one runner only).
  const taskTimer = startTaskTimer(
    storage,
    () => clock.now(),
    taskRunner,
    (line) => console.error(line),
  );
  let closing: Promise<void> | undefined;
  return {
    url,
    app,
    storage,
    clock,
    createdKeySecret: bootstrap?.secret,
    logger,
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        taskTimer.stop(),
      ])
        .then(() => storage.close())
        .then(() => new Promise<void>((flushed) => logger.flush(() => flushed())));
      return closing;
    },
  };
}

/**
 * Socket timeouts against slow and idle clients (measured in docs/reliability.md): a client has
 * 10 s to send its headers and 30 s for the whole request, and an idle keep-alive connection is
 * closed after 5 s (Node's default; a load balancer's idle timeout should be shorter, or it may
 * reuse a connection the server is closing). Node checks these every second rather than every 30 s.
 */
export const SOCKET_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckingIntervalMs: 1_000,
} as const;

function listen(
  app: Hono,
  config: Pick<ServerConfig, 'host' | 'port' | 'maxConnections'>,
  onDrop: () => void,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        hostname: config.host,
        port: config.port,
        serverOptions: {
          headersTimeout: SOCKET_TIMEOUTS.headersTimeoutMs,
          requestTimeout: SOCKET_TIMEOUTS.requestTimeoutMs,
          keepAliveTimeout: SOCKET_TIMEOUTS.keepAliveTimeoutMs,
          connectionsCheckingInterval: SOCKET_TIMEOUTS.connectionsCheckingIntervalMs,
        },
      },
      () => resolve(server),
    );
    capConnections(server, config.maxConnections, { inWorker: cluster.isWorker, onDrop });
    server.once('error', reject);
  });
}
