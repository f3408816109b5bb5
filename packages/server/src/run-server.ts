import cluster from 'node:cluster';
import { runOnRuntime } from '@wsadmin/server-core/server-kit';
import { runPrimary } from './cluster/primary';
import { runWorker } from './cluster/worker';
import type { ServerConfig } from './config';
import { nodeHost } from './node-host';

/**
 * What `wsadmin-server` serves once the core's command line has read the settings: the server on
 * HOST:PORT with DATABASE_URL, alone (as every runtime serves) or, with WSADMIN_WORKERS=N > 1, as
 * N processes sharing the port (cluster/primary.ts). Rejects with a StartupError for what the
 * operator must fix.
 */
export async function runServer(config: ServerConfig): Promise<void> {
  if (cluster.isWorker) await runWorker(config);
  else if (config.workers > 1) await runPrimary(config);
  else await runOnRuntime(nodeHost(config), config, (signal, stop) => process.once(signal, stop));
}
