import { readRuntimeSettings } from '../settings/runtime-settings';
import {
  keysUsage,
  parseKeysCommand,
  printsSql,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from './keys-command';
import { type RuntimeHost, runOnRuntime } from './serve';

/** The command line of a runtime entry: `bun …/bun.mjs [keys …]`, `deno run -A npm:…/deno [keys …]`. */
export function runtimeUsage(name: string): string {
  return `Usage: ${name}            serve (HOST, PORT, DATABASE_URL, … as the Node server: docs/runtimes.md)
       ${name} keys …     access keys in DATABASE_URL's file, as wsadmin-keys on Node

${keysUsage(`${name} keys`)}`;
}

/**
 * Runs the command line: serves until a signal (resolves `undefined`), or runs a keys command and
 * resolves its exit code (0 done, 1 failed, 2 bad arguments or settings).
 */
export async function runCommand(
  host: RuntimeHost,
  argv: readonly string[],
  env: Record<string, string | undefined>,
  name: string,
  onSignal: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void,
): Promise<number | undefined> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(runtimeUsage(name));
    return 0;
  }
  if (command !== undefined && command !== 'keys') {
    console.error(`${name}: unknown command "${command}"\n\n${runtimeUsage(name)}`);
    return 2;
  }
  let settings: ReturnType<typeof readRuntimeSettings>;
  try {
    settings = readRuntimeSettings(env, host.runtime);
  } catch (error) {
    console.error(`wsadmin: ${(error as Error).message}`);
    return 2;
  }
  if (command === undefined) {
    try {
      await runOnRuntime(host, settings, onSignal);
      return undefined;
    } catch (error) {
      console.error(`wsadmin: ${(error as Error).message}`);
      return 1;
    }
  }
  const now = new Date();
  let keys: ReturnType<typeof parseKeysCommand>;
  try {
    keys = parseKeysCommand(rest, now, `${name} keys`);
  } catch (error) {
    console.error(`keys: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${keysUsage(`${name} keys`)}`);
    return 2;
  }
  if (keys.command === 'help') {
    console.log(keysUsage(`${name} keys`));
    return 0;
  }
  const io = {
    out: (line: string) => console.log(line),
    err: (line: string) => console.error(line),
    name: `${name} keys`,
  };
  if (printsSql(keys)) return runKeysSql(keys, now, io);
  try {
    const storage = await host.openStorage(settings.databaseFile, () => new Date());
    try {
      return await runKeysCommand(keys, storage.db, now, io);
    } finally {
      await storage.close();
    }
  } catch (error) {
    console.error(`keys: ${(error as Error).message}`);
    return 1;
  }
}
