#!/usr/bin/env node
import {
  keysUsage,
  parseKeysCommand,
  printsSql,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from '@wsadmin/server-core/server-kit';
import { endQuietlyWhenStdoutCloses } from '../closed-stdout';
import { commandName } from '../command-name';
import { readConfig } from '../config';
import { openStorageFromUrl } from '../open-storage';

// `wsadmin-keys create|list|revoke|help` (`npm run keys -- …` in this repository): access keys in
// the database of DATABASE_URL (as the server). Exit codes: keysUsage.
async function main(argv: string[]): Promise<number> {
  const name = commandName('wsadmin-keys', process.argv[1], process.env);
  // `wsadmin-keys list | head -1` as well as the usage.
  endQuietlyWhenStdoutCloses();
  const now = new Date();
  let command: ReturnType<typeof parseKeysCommand>;
  let databaseUrl: string;
  try {
    command = parseKeysCommand(argv, now, name);
    databaseUrl = readConfig(process.env).databaseUrl;
  } catch (error) {
    console.error(`keys: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${keysUsage(name)}`);
    return 2;
  }
  if (command.command === 'help') {
    console.log(keysUsage(name));
    return 0;
  }
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line), name };
  // `--sql` prints the statement for a database this command cannot open (D1), and opens none.
  if (printsSql(command)) return runKeysSql(command, now, io);
  const storage = await openStorageFromUrl(databaseUrl, () => new Date());
  try {
    return await runKeysCommand(command, storage.db, now, io);
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Database failures explain themselves in one line (StartupError); the stack would add nothing.
    console.error(`keys: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
