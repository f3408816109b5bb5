import { drainOnSignals } from '@wsadmin/server-core/server-kit';
import type { ServerConfig } from '../config';
import { type RunningServer, startServer } from '../server';
import { StartupError } from '../startup-error';
import type { WorkerMessage } from './messages';
import { clusterMetricsSource } from './metrics';

/**
 * One worker of `WSADMIN_WORKERS=N`: the whole server, on the port the primary shares. It prints
 * no banner (the primary prints one for all) and says when it listens. If the primary dies, Node's
 * cluster module ends the worker as soon as the IPC channel closes, so no worker outlives it.
 */
export async function runWorker(config: ServerConfig): Promise<void> {
  let server: RunningServer;
  try {
    // The primary makes sure the bootstrap key exists once every worker listens.
    server = await startServer(config, {
      logSync: true,
      metricsSource: clusterMetricsSource,
      bootstrapKey: false,
    });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(`wsadmin: worker ${process.pid}: ${error.message}`);
    process.exit(1);
  }
  const listening: WorkerMessage = { type: 'wsadmin:listening', url: server.url };
  process.send?.(listening);
  // The primary says `shutting down` once for all; each worker says how its own drain went.
  drainOnSignals(
    server,
    config,
    server.logger.child({}, { level: 'info' }),
    (signal, stop) => process.on(signal, stop),
    {
      announce: false,
    },
  );
}
