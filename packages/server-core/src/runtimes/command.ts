import {
  readServerSettings,
  type ServerRuntime,
  type ServerSettings,
  type SettingsOptions,
} from '../settings/server-settings';
import { SETTINGS } from '../settings/setting-list';
import { isNodeOnly } from '../settings/setting-row';
import { StartupError } from '../settings/startup-error';
import type { Storage } from '../storage/storage';
import {
  keysUsage,
  parseKeysCommand,
  printsSql,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from './keys-command';

/** Where the usage sends a reader: files every tarball has, and the repository's page. */
const MORE =
  'More: README.md of the installed package (@wsadmin/server on Node, @wsadmin/server-core on Bun\nand Deno) and https://github.com/wsadmin/wsadmin/blob/main/docs/runtimes.md';

/** How a runtime's command serves and opens its database; the command line is alike (`runCommand`). */
export interface CommandHost {
  runtime: ServerRuntime;
  /** The version `--version` prints: the package's. */
  version(): string | Promise<string>;
  /** What the settings reader cannot know without Node (the CPUs of `WSADMIN_WORKERS=auto`). */
  settingsOptions?: SettingsOptions;
  /** The database of the settings, for the keys command. */
  openStorage(settings: ServerSettings, now: () => Date): Promise<Storage>;
  /** Serves until a signal ends the process; rejects with a StartupError for what the operator fixes. */
  serve(settings: ServerSettings): Promise<void>;
  /** Before a command that prints and ends (Node: end quietly when `… --help | head` closes the pipe). */
  beforeOutput?(): void;
}

export type ServerArguments =
  | { action: 'start' | 'help' | 'version' }
  | { action: 'keys'; args: string[] }
  | { action: 'refuse'; problem: string };

/**
 * `<command> [--help | --version]` or `<command> keys …`. Every setting is an environment
 * variable, so anything else on the command line is refused rather than ignored: a `--port 9000`
 * that silently started on 8787 would be worse than an error.
 */
export function parseServerArguments(argv: readonly string[]): ServerArguments {
  const [first, ...rest] = argv;
  if (first === 'keys') return { action: 'keys', args: rest };
  let action: 'start' | 'help' | 'version' = 'start';
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h' || arg === 'help') action = 'help';
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

/** The usage of every runtime's command, naming it as it was called: one text, whatever the runtime. */
export function serverUsage(name: string): string {
  const settings = SETTINGS.map(
    (setting) =>
      `  ${setting.name} (default: ${setting.default})\n      ${isNodeOnly(setting) ? 'Node only: ' : ''}${setting.meaning}`,
  );
  return [
    `Usage: ${name} [--help | --version]`,
    `       ${name} keys create|list|revoke|help …`,
    '',
    'Starts the wsadmin reference server: the service on a SQLite file (or, on Node, PostgreSQL),',
    'its index at /, its OpenAPI document at /openapi.json (and, on Node, an API reference at /docs',
    'and metrics at /metrics). It prints its URL, and runs until SIGINT (Ctrl-C) or SIGTERM.',
    `\`${name} keys …\` manages the access keys in DATABASE_URL's database (\`keys help\`).`,
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
    '',
    MORE,
  ].join('\n');
}

/**
 * The version in the package.json one folder above `entryUrl`: a runtime entry's own, from
 * `dist/` as from `src/` (read, not imported: a bundled package.json would have no source text in
 * the source maps).
 */
export async function packageVersionBeside(entryUrl: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(await readFile(new URL('../package.json', entryUrl), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * Runs the command line: serves until a signal (resolves `undefined`), or prints and resolves the
 * exit code (0 done, 1 could not start or a keys command failed, 2 bad arguments). A failure that is
 * not a StartupError is a bug: it rejects, and its stack is wanted.
 */
export async function runCommand(
  host: CommandHost,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): Promise<number | undefined> {
  const args = parseServerArguments(argv);
  if (args.action === 'refuse') {
    console.error(`${name}: ${args.problem}\n\n${serverUsage(name)}`);
    return 2;
  }
  if (args.action === 'keys') return runKeysCommandLine(host, args.args, env, `${name} keys`);
  if (args.action !== 'start') {
    host.beforeOutput?.();
    console.log(args.action === 'help' ? serverUsage(name) : await host.version());
    return 0;
  }
  try {
    await host.serve(readServerSettings(env, host.runtime, host.settingsOptions));
    return undefined;
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(`wsadmin: ${error.message}`);
    return 1;
  }
}

/**
 * `<name> create|list|revoke|help` on the database of DATABASE_URL, as `wsadmin-keys` on Node and
 * `<command> keys …` on every runtime. Resolves the exit code: 0 done, 1 no such key or the database
 * failed, 2 bad arguments or settings.
 */
export async function runKeysCommandLine(
  host: Pick<CommandHost, 'runtime' | 'settingsOptions' | 'openStorage' | 'beforeOutput'>,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): Promise<number> {
  // `… keys list | head -1` as well as the usage.
  host.beforeOutput?.();
  const now = new Date();
  let keys: ReturnType<typeof parseKeysCommand>;
  let settings: ServerSettings;
  try {
    keys = parseKeysCommand([...argv], now, name);
    settings = readServerSettings(env, host.runtime, host.settingsOptions);
  } catch (error) {
    console.error(`keys: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${keysUsage(name)}`);
    return 2;
  }
  if (keys.command === 'help') {
    console.log(keysUsage(name));
    return 0;
  }
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line), name };
  // `--sql` prints the statement for a database this command cannot open, and opens none.
  if (printsSql(keys)) return runKeysSql(keys, now, io);
  try {
    const storage = await host.openStorage(settings, () => new Date());
    try {
      return await runKeysCommand(keys, storage.db, now, io);
    } finally {
      await storage.close();
    }
  } catch (error) {
    // Database failures explain themselves in one line; the stack would add nothing.
    console.error(`keys: ${(error as Error).message}`);
    return 1;
  }
}
