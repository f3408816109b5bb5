import cluster from 'node:cluster';
import { printBanner } from '@wsadmin/server-core/server-kit';
import { runPrimary } from './cluster/primary';
import { runWorker } from './cluster/worker';
import { readConfig, type ServerConfig } from './config';
import { startServer } from './server';
import { StartupError } from './startup-error';

/**
 * What `wsadmin-server` does once its arguments are read: the server on HOST:PORT with
 * DATABASE_URL, alone or, with WSADMIN_WORKERS=N > 1, as N processes sharing the port
 * (cluster/primary.ts). Rejects with a StartupError for what the operator must fix.
 */
export async function runServer(): Promise<void> {
  const config = settings();
  if (cluster.isWorker) await runWorker(config);
  else if (config.workers > 1) await runPrimary(config);
  else await serveAlone(config);
}

function settings(): ServerConfig {
  try {
    return readConfig(process.env);
  } catch (error) {
    // Each message names the variable, the value and what it accepts.
    throw new StartupError((error as Error).message, { cause: error });
  }
}

async function serveAlone(config: ServerConfig): Promise<void> {
  const server = await startServer(config);
  printBanner({
    url: server.url,
    location: server.storage.location,
    createdKeySecret: server.createdKeySecret,
    testClock: config.testClock,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`wsadmin: ${signal}, shutting down`);
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
