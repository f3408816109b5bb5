import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { hostname } from 'node:os';
import { type ServerType, serve } from '@hono/node-server';
import {
  boundedPasswords,
  errorFields,
  PASSWORD_CONCURRENCY,
  type RuntimeHost,
  type ServerLogger,
  type ServerSettings,
  scryptPasswords,
} from '@wsadmin/server-core/server-kit';
import type { DestinationStream, Logger } from 'pino';
import type { Registry } from 'prom-client';
import { mountDocs } from './docs';
import { openStorageFromUrl } from './open-storage';
import { capConnections, defaultMaxConnections, dropReporter } from './operations/connection-cap';
import { makeDrainable } from './operations/drain';
import { createLogger, logWritten } from './operations/logger';
import { answerMalformedRequests } from './operations/malformed-requests';
import { createMetrics, type PoolStats } from './operations/metrics';
import { type MetricsSource, mountMetrics } from './operations/metrics-route';
import { peerAddressOf, socketUrlOf } from './operations/socket-addresses';

export interface StartOptions {
  /** Where the log lines go instead of stdout (tests). */
  logDestination?: DestinationStream;
  /** One write(2) per log line: the workers of a cluster share stdout, and whole lines stay whole. */
  logSync?: boolean;
  /** What `GET /metrics` shows, given this process's registry (a cluster worker: the whole cluster). */
  metricsSource?: (local: Registry) => MetricsSource;
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

/**
 * Node as a host of the core (`serveOnRuntime`), as `bunHost` and `denoHost` are: the database of
 * DATABASE_URL (a SQLite file through better-sqlite3, or PostgreSQL), `node:http` with its socket
 * timeouts and connection cap, and what only Node has: pino, scrypt on libuv's bounded pool, the
 * API reference at /docs and prom-client's /metrics.
 */
export function nodeHost(
  settings: ServerSettings,
  options: StartOptions = {},
): RuntimeHost & { logger: Logger } {
  const logger = createLogger(
    { level: settings.logLevel, format: settings.logFormat, sync: options.logSync ?? false },
    options.logDestination,
  );
  return {
    runtime: 'Node',
    label: `Node ${process.versions.node}`,
    // Each process names itself in the tasks it runs (refresh_tasks.claimed_by).
    runnerId: `${hostname()}:${process.pid}`,
    pid: process.pid,
    docs: true,
    logger,
    // The same stream, so the banner and the shutdown lines keep their place among the others.
    lifecycleLogger: lifecycleOf(logger),
    passwords: boundedPasswords(scryptPasswords, settings.passwordConcurrency ?? PASSWORD_CONCURRENCY),
    openStorage: (config, now, tracing) =>
      openStorageFromUrl(config.databaseUrl, now, {
        testHooks: config.testHooks,
        tracing,
        onConnectionError: (error) => logger.warn(errorFields(error), 'database connection lost'),
      }),
    // Loaded only when the OTEL_ variables turn traces on: off, no OpenTelemetry module is read.
    tracing: async (config) =>
      config.tracing ? (await import('./tracing')).startTracing(config.tracing) : undefined,
    listen(fetch, config) {
      const cap = config.maxConnections ?? defaultMaxConnections();
      return listen(fetch, config, cap, dropReporter(logger, cap));
    },
    peerAddress: peerAddressOf,
    localUrl: socketUrlOf,
    additions(storage) {
      const poolStats =
        'poolStats' in storage ? (storage as { poolStats: () => PoolStats }).poolStats : undefined;
      const metrics = createMetrics(storage, poolStats);
      return {
        mount(app) {
          mountDocs(app);
          mountMetrics(
            app,
            options.metricsSource?.(metrics.registry) ?? metrics.registry,
            settings.metricsKey,
          );
        },
        observe: (report) => metrics.observe(report),
      };
    },
    closed: () => logWritten(logger),
  };
}

function listen(
  fetch: (request: Request, bindings?: unknown) => Promise<Response> | Response,
  settings: Pick<ServerSettings, 'host' | 'port' | 'drainSeconds'>,
  cap: number,
  onDrop: () => void,
): ReturnType<RuntimeHost['listen']> {
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      {
        fetch,
        hostname: settings.host,
        port: settings.port,
        serverOptions: {
          headersTimeout: SOCKET_TIMEOUTS.headersTimeoutMs,
          requestTimeout: SOCKET_TIMEOUTS.requestTimeoutMs,
          keepAliveTimeout: SOCKET_TIMEOUTS.keepAliveTimeoutMs,
          connectionsCheckingInterval: SOCKET_TIMEOUTS.connectionsCheckingIntervalMs,
        },
      },
      () => {
        const address = server.address();
        resolve({
          port: typeof address === 'object' && address ? address.port : settings.port,
          stop: (options) => drainable.drain(options?.drainMs ?? settings.drainSeconds * 1000),
        });
      },
    );
    const drainable = makeDrainable(server as Server);
    capConnections(server, cap, { inWorker: cluster.isWorker, onDrop });
    answerMalformedRequests(server);
    server.once('error', reject);
  });
}

/**
 * The start-up and shutdown records: at info whatever LOG_LEVEL says, on the same stream, and a
 * flush that waits until the lines are written (the exit follows it).
 */
function lifecycleOf(logger: Logger): ServerLogger {
  const child = logger.child({}, { level: 'info' });
  return {
    isLevelEnabled: (level) => child.isLevelEnabled(level),
    info: (fields, message) => child.info(fields, message),
    warn: (fields, message) => child.warn(fields, message),
    error: (fields, message) => child.error(fields, message),
    flush: (done) => {
      logWritten(logger).then(() => done());
    },
  };
}
