/**
 * `@wsadmin/server-core/bun`: the reference server on Bun, with its data in a SQLite file through
 * `bun:sqlite` and `Bun.serve` listening. Run it with `bun node_modules/@wsadmin/server-core/dist/bun.mjs`
 * (the settings are the Node server's environment variables; `… keys create --name NAME` makes a
 * key, as `wsadmin-keys` on Node; docs/runtimes.md), or call `startServer`.
 */

import { bunHost } from './runtimes/bun';
import { runCommand } from './runtimes/command';
import { type RuntimeServer, serveOnRuntime } from './runtimes/serve';

const COMMAND = 'bun node_modules/@wsadmin/server-core/dist/bun.mjs';

import { type RuntimeSettings, readRuntimeSettings } from './settings/runtime-settings';

export { openBunSqliteStorage } from './runtimes/bun';
export type { RuntimeServer, RuntimeSettings };

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
  return serveOnRuntime(bunHost(), readRuntimeSettings(env, 'Bun'));
}

// `bun …/dist/bun.mjs [keys …]`: the server with the banner until SIGINT or SIGTERM, or a keys command.
if ((import.meta as { main?: boolean }).main) {
  const code = await runCommand(bunHost(), process.argv.slice(2), process.env, COMMAND, (signal, stop) =>
    process.once(signal, stop),
  );
  if (code !== undefined) process.exit(code);
}
