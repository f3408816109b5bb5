/**
 * `@wsadmin/server-core/deno`: the reference server on Deno, with its data in a SQLite file through
 * `node:sqlite` and `Deno.serve` listening. Run it with `deno run -A npm:@wsadmin/server-core/deno`
 * (the settings, `--help`, the index, the log lines and the start-up errors are the Node server's;
 * `… keys create --name NAME` makes a key, as `wsadmin-keys` on Node; docs/runtimes.md), or call
 * `startServer`.
 */

import { type CommandHost, packageVersionBeside, runCommand } from './runtimes/command';
import { denoHost } from './runtimes/deno';
import { type RuntimeServer, runOnRuntime, serveOnRuntime } from './runtimes/serve';
import { readServerSettings, type ServerSettings } from './settings/server-settings';

export { openNodeSqliteStorage } from './runtimes/deno';
export type { RuntimeServer, ServerSettings };

const COMMAND = 'deno run -A npm:@wsadmin/server-core/deno';

interface DenoSignals {
  Deno: {
    args: string[];
    env: { toObject(): Record<string, string> };
    addSignalListener(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
    exit(code: number): never;
  };
}

const deno = () => (globalThis as unknown as Partial<DenoSignals>).Deno;

/**
 * Starts the server on Deno as `wsadmin-server` starts on Node: the SQLite file of `DATABASE_URL`
 * migrated, a bootstrap key made sure of, listening on `HOST`:`PORT`.
 *
 * @example
 * import { startServer } from '@wsadmin/server-core/deno';
 * const server = await startServer({ PORT: '0', DATABASE_URL: 'sqlite:./data/wsadmin.db' });
 * console.log(server.url, server.createdKeySecret);
 */
export function startServer(
  env: Record<string, string | undefined> = deno()?.env.toObject() ?? {},
): Promise<RuntimeServer> {
  return serveOnRuntime(denoHost(), readServerSettings(env, 'Deno'));
}

// `deno run -A npm:@wsadmin/server-core/deno [--help | --version | keys …]`: the server with the
// banner until SIGINT or SIGTERM, or what the command line asks.
const runtime = deno();
if ((import.meta as { main?: boolean }).main && runtime) {
  const host = denoHost();
  const command: CommandHost = {
    runtime: 'Deno',
    version: () => packageVersionBeside(import.meta.url),
    openStorage: host.openStorage,
    serve: async (settings) => {
      await runOnRuntime(host, settings, (signal, stop) => runtime.addSignalListener(signal, stop));
    },
  };
  const code = await runCommand(command, runtime.args, runtime.env.toObject(), COMMAND);
  if (code !== undefined) runtime.exit(code);
}
