#!/usr/bin/env node
import { readConfig } from '../config';
import { KEYS_USAGE, parseKeysCommand, runKeysCommand, UsageError } from '../keys-command';
import { openStorageFromUrl } from '../open-storage';

// `npm run keys -- create|list|revoke`: access keys in the database of DATABASE_URL (as npm start).
// Exit codes: 0 done, 1 failed (unknown key id, database error), 2 bad arguments or settings.
async function main(argv: string[]): Promise<number> {
  const now = new Date();
  let command: ReturnType<typeof parseKeysCommand>;
  let databaseUrl: string;
  try {
    command = parseKeysCommand(argv, now);
    databaseUrl = readConfig(process.env).databaseUrl;
  } catch (error) {
    console.error(`keys: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error('Run `npm run keys -- help` for the usage.');
    return 2;
  }
  if (command.command === 'help') {
    console.log(KEYS_USAGE);
    return 0;
  }
  const storage = await openStorageFromUrl(databaseUrl, () => new Date());
  try {
    return await runKeysCommand(command, storage.db, now, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`keys: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
