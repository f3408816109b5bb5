/**
 * `@wsadmin/server-core/bun`: the reference server on Bun, with its data in a SQLite file through
 * `bun:sqlite` and `Bun.serve` listening. Run it with `bun node_modules/@wsadmin/server-core/dist/bun.mjs`
 * (the settings, `--help`, the index, the log lines and the start-up errors are the Node server's;
 * `… keys create --name NAME` makes a key, as `wsadmin-keys` on Node; docs/runtimes.md), or call
 * `startServer`.
 */

import { bunHost } from './runtimes/bun';
import { type CommandHost, packageVersionBeside, runCommand } from './runtimes/command';
import { type RuntimeServer, runOnRuntime, serveOnRuntime } from './runtimes/serve';
import { readServerSettings, type ServerSettings } from './settings/server-settings';

export { openBunSqliteStorage } from './runtimes/bun';
export type { RuntimeServer, ServerSettings };

const COMMAND = 'bun node_modules/@wsadmin/server-core/dist/bun.mjs';

/**
 * Starts the server on Bun as `wsadmin-server` starts on Node: the SQLite file of `DATABASE_URL`
 * migrated, a bootstrap key made sure of, listening on `HOST`:`PORT`.
 *
 * @example
 * import { startServer } from '@wsadmin/server-core/bun';
 * const server = await startServer({ PORT: '0', DATABASE_URL: 'sqlite:./data/wsadmin.db' });
 * console.log(server.url, server.createdKeySecret);
 */
export function startServer(env: Record<string, string | undefined> = process.env): Promise<RuntimeServer> {
  return serveOnRuntime(bunHost(), readServerSettings(env, 'Bun'));
}

// `bun …/dist/bun.mjs [--help | --version | keys …]`: the server with the banner until SIGINT or
// SIGTERM, or what the command line asks.
if ((import.meta as { main?: boolean }).main) {
  const host = bunHost();
  const command: CommandHost = {
    runtime: 'Bun',
    version: () => packageVersionBeside(import.meta.url),
    openStorage: host.openStorage,
    serve: async (settings) => {
      await runOnRuntime(host, settings, (signal, stop) => process.once(signal, stop));
    },
  };
  const code = await runCommand(command, process.argv.slice(2), process.env, COMMAND);
  if (code !== undefined) process.exit(code);
}
