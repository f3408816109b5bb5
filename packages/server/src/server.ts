import { type RuntimeServer, serveOnRuntime } from '@wsadmin/server-core/server-kit';
import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import { type StartOptions as HostOptions, nodeHost } from './node-host';

export { SOCKET_TIMEOUTS } from './node-host';

export interface RunningServer extends RuntimeServer {
  logger: Logger;
}

export interface StartOptions extends HostOptions {
  /** Make sure the bootstrap key exists once listening (default). A cluster's primary does it for its workers. */
  bootstrapKey?: boolean;
}

/**
 * Everything `npm start` does, as a function: open storage, serve, make sure a key exists. The
 * core's start on every runtime (`serveOnRuntime`), on the Node host; a port in use rejects with
 * the StartupError every runtime gives.
 */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const host = nodeHost(config, options);
  const server = await serveOnRuntime(host, config, { bootstrapKey: options.bootstrapKey ?? true });
  return Object.assign(server, { logger: host.logger });
}
