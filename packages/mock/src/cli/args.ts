import { isIP } from 'node:net';
import { parseArgs } from 'node:util';

/** A command line the command cannot run: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ServeCommand {
  command: 'serve';
  /** The scenario file as given (a `.json` file, or a module whose default export is a scenario). */
  scenarioFile: string | undefined;
  port: number;
  host: string;
  /** Origins a browser page may call the API from: `'*'` (the default) or exact origins. */
  corsOrigins: readonly string[] | '*';
}

export type Command = { command: 'help' } | ServeCommand;

/** The server's default port, so a client set up for a local reference server works unchanged. */
export const DEFAULT_PORT = 8787;

export function usage(name = 'wsadmin-mock'): string {
  return [
    `Usage: ${name} [scenario-file] [--port <n>] [--host <address>] [--allow-remote]`,
    `       ${''.padEnd(name.length)} [--cors-origin <origin> ...]`,
    `       ${name} --help`,
    '',
    'Serves the wsadmin mock (the reference server on an in-memory database) over HTTP, for clients',
    'that do not run MSW: a mobile app, another language, a manual check. Prints the base URL and',
    'MOCK_KEY. The inspector page at /__inspector__/ shows every request the mock answered, its',
    'tables, overrides and clock, with buttons to reset, take and restore a snapshot, move the clock.',
    '',
    'Arguments:',
    '  scenario-file           where the mock starts: a .json file ({"seed": …, "keys": […],',
    '                          "overrides": {…}, "startAt": "…"}), or a .js/.mjs module whose default',
    '                          export is a scenario (defineScenario); default: no data',
    '',
    'Options:',
    `  --port <n>              the port to listen on (default ${DEFAULT_PORT}; 0: any free port)`,
    '  --host <address>        the address to listen on (default 127.0.0.1); loopback only',
    '  --allow-remote          allow a --host other networks reach (e.g. 0.0.0.0, for a phone): anyone',
    '                          there may call the mock with MOCK_KEY; the inspector stays loopback-only',
    '  --cors-origin <origin>  a page origin allowed to call the API (repeatable; default: any)',
    '  --help                  print this and exit',
    '',
    'Exit codes: 0 stopped by SIGINT or SIGTERM, 1 the port could not be used, 2 a bad command line',
    'or scenario file.',
  ].join('\n');
}

/** Reads the command line (`argv` without node and the script); throws `UsageError` on a bad one. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (positionals.length > 1) {
    throw new UsageError(
      `one scenario file at most, got ${positionals.map((p) => JSON.stringify(p)).join(' ')}`,
    );
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (values.port?.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  }
  const host = values.host ?? '127.0.0.1';
  if (!isLoopback(host) && !values['allow-remote']) {
    throw new UsageError(
      `--host ${host} is not a loopback address: other machines could call the mock (it answers MOCK_KEY, a published key). Pass --allow-remote to serve there anyway, or use 127.0.0.1`,
    );
  }
  return {
    command: 'serve',
    scenarioFile: positionals[0],
    port,
    host,
    corsOrigins: corsOriginsOf(values['cors-origin']),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-remote': { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

/** `localhost`, `127.x.x.x` or `::1`: addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return isIP(bare) === 6 && (bare === '::1' || bare === '0:0:0:0:0:0:0:1');
}

function corsOriginsOf(given: readonly string[] | undefined): readonly string[] | '*' {
  if (given === undefined || given.includes('*')) return '*';
  return given.map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    // A trailing slash or a path never matches the Origin header a browser sends.
    if (!parsed || parsed.origin !== origin) {
      throw new UsageError(
        `--cors-origin ${JSON.stringify(origin)} is not an origin: write scheme://host[:port], e.g. http://localhost:5173`,
      );
    }
    return origin;
  });
}
