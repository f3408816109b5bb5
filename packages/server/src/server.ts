import { hostname } from 'node:os';
import { type ServerType, serve } from '@hono/node-server';
import type { Storage } from '@wsadmin/server-core';
import {
  AdjustableClock,
  createApp,
  ensureBootstrapKey,
  isStorageUnavailable,
  processDueTasks,
  type TaskRunner,
  writeTransaction,
} from '@wsadmin/server-core';
import type { Hono } from 'hono';
import type { ServerConfig } from './config';
import { mountDocs } from './docs';
import { openStorageFromUrl } from './open-storage';
import { scryptPasswords } from './passwords';

export interface RunningServer {
  url: string;
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  /** Secret of a key created on this start (first start on an empty database), shown once. */
  createdKeySecret: string | undefined;
  close(): Promise<void>;
}

/** Everything `npm start` does, as a function: open storage, make sure a key exists, serve. */
export async function startServer(
  config: ServerConfig,
  log: (line: string) => void = console.log,
): Promise<RunningServer> {
  const clock = new AdjustableClock();
  const storage = await openStorageFromUrl(config.databaseUrl, () => clock.now(), {
    testHooks: config.testHooks,
  });
  // Under the global lock: processes starting together on one PostgreSQL database create the key once.
  const bootstrap = await writeTransaction(storage.db, 'global', (trx) =>
    ensureBootstrapKey(trx, clock.now(), config.bootstrapKey),
  );
  const silent = config.logLevel === 'silent';
  // Each process names itself in the tasks it runs (refresh_tasks.claimed_by).
  const taskRunner: TaskRunner = { id: `${hostname()}:${process.pid}` };
  if (!silent) {
    taskRunner.onRun = (run) =>
      log(
        `refresh task ${run.uid} of workspace ${run.workspaceId} ran: ${run.operations} operation(s), runner ${taskRunner.id}`,
      );
  }
  const app = createApp({
    storage,
    clock,
    passwords: scryptPasswords,
    testClock: config.testClock,
    validateResponses: config.validateResponses,
    taskRunner,
    ...(silent ? {} : { log }),
    onError: (error) => console.error(`wsadmin: internal error: ${describeError(error)}`),
  });
  mountDocs(app);
  const server = await listen(app, config.host, config.port);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // Refresh tasks also run when nobody asks: a timer claims due tasks (each by one runner only).
  // One round at a time, and one line per database outage rather than one per round.
  let round: Promise<void> | undefined;
  let databaseDown = false;
  const taskTimer = setInterval(() => {
    if (round) return;
    round = processDueTasks(storage.db, clock.now(), taskRunner)
      .then(() => {
        if (databaseDown) console.error('wsadmin: database reachable again');
        databaseDown = false;
      })
      .catch((error) => {
        const unavailable = isStorageUnavailable(error);
        if (!unavailable) console.error(`wsadmin: refresh task failed: ${describeError(error)}`);
        else if (!databaseDown)
          console.error(`wsadmin: database unavailable, refresh tasks wait: ${describeError(error)}`);
        databaseDown = unavailable;
      })
      .finally(() => {
        round = undefined;
      });
  }, 250);
  taskTimer.unref();
  let closing: Promise<void> | undefined;
  return {
    url,
    app,
    storage,
    clock,
    createdKeySecret: bootstrap?.secret,
    close() {
      clearInterval(taskTimer);
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()))
        .then(() => round)
        .then(() => storage.close());
      return closing;
    },
  };
}

function listen(app: Hono, hostname: string, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname, port }, () => resolve(server));
    server.once('error', reject);
  });
}

/**
 * The stack only: database errors carry extra fields (PostgreSQL's `detail` quotes the failing
 * row, which may hold a password hash) that must never reach a log.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return typeof error;
}
