import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { processDueTasks } from '../management/refresh-tasks';
import { ensureBootstrapKey } from '../auth/keys';
import { AdjustableClock } from '../clock';
import type { Storage } from '../storage/storage';
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
  const storage = await openStorageFromUrl(config.databaseUrl, () => clock.now());
  const bootstrap = await ensureBootstrapKey(storage.db, clock.now(), config.bootstrapKey);
  const app = createApp({
    storage,
    clock,
    passwords: scryptPasswords,
    testClock: config.testClock,
    validateResponses: config.validateResponses,
    ...(config.logLevel === 'silent' ? {} : { log }),
    onError: (error) => console.error('wsadmin: internal error', error),
  });
  mountDocs(app);
  const server = await listen(app, config.host, config.port);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // Refresh tasks also run when nobody asks: a timer claims due tasks (each by one runner only).
  const taskTimer = setInterval(() => {
    processDueTasks(storage.db, clock.now()).catch((error) => console.error('wsadmin: refresh task failed', error));
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
      closing ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => storage.close());
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
