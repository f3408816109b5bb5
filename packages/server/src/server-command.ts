import { createRequire } from 'node:module';
import { SETTINGS } from './settings';

export type ServerArguments =
  | { action: 'start' | 'help' | 'version' }
  | { action: 'refuse'; problem: string };

/**
 * `wsadmin-server [--help | --version]`. Every setting is an environment variable, so anything
 * else on the command line is refused rather than ignored: a `--port 9000` that silently started
 * on 8787 would be worse than an error.
 */
export function parseServerArguments(argv: readonly string[]): ServerArguments {
  let action: 'start' | 'help' | 'version' = 'start';
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') action = 'help';
    else if ((arg === '--version' || arg === '-v') && action !== 'help') action = 'version';
    else if (arg.startsWith('-'))
      return {
        action: 'refuse',
        problem: `unknown option "${arg}": settings are environment variables (listed below), e.g. PORT=9000`,
      };
    else
      return {
        action: 'refuse',
        problem: `unexpected argument "${arg}": settings are environment variables (listed below)`,
      };
  }
  return { action };
}

/** The usage, naming the command as it was called (command-name.ts). */
export function serverUsage(name: string): string {
  const settings = SETTINGS.map(
    (setting) => `  ${setting.name} (default: ${setting.default})\n      ${setting.meaning}`,
  );
  return [
    `Usage: ${name} [--help | --version]`,
    '',
    'Starts the wsadmin reference server: the service on a SQLite file or PostgreSQL, its API',
    'reference at /docs. It prints its URL, and runs until SIGINT (Ctrl-C) or SIGTERM.',
    '',
    'Options:',
    '  -h, --help     print this and exit',
    '  -v, --version  print the version and exit',
    '',
    'Settings, from the environment:',
    ...settings,
    '',
    'Exit codes: 0 stopped by SIGINT or SIGTERM, or after --help or --version; 1 could not start',
    '(a setting, the database or the port: one line on stderr says which and what to do); 2 bad',
    'arguments (the problem and this usage on stderr).',
  ].join('\n');
}

/** The version of @wsadmin/server, from its package.json (the same from the source and from dist). */
export function serverVersion(): string {
  const requireHere = createRequire(import.meta.url);
  return (requireHere('@wsadmin/server/package.json') as { version: string }).version;
}
