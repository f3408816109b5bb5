#!/usr/bin/env node
import { runKeysCommandLine } from '@wsadmin/server-core/server-kit';
import { endQuietlyWhenStdoutCloses } from '../closed-stdout';
import { commandName } from '../command-name';
import { NODE_SETTINGS } from '../config';
import { openStorageFromUrl } from '../open-storage';

// `wsadmin-keys create|list|revoke|help` (`npm run keys -- …` in this repository): access keys in
// the database of DATABASE_URL (as the server), as `wsadmin-server keys …` and the Bun and Deno
// commands' `keys`. Exit codes: keysUsage.
process.exitCode = await runKeysCommandLine(
  {
    runtime: 'Node',
    settingsOptions: NODE_SETTINGS,
    beforeOutput: endQuietlyWhenStdoutCloses,
    openStorage: (settings, now) =>
      openStorageFromUrl(settings.databaseUrl, now, { testHooks: settings.testHooks }),
  },
  process.argv.slice(2),
  process.env,
  commandName('wsadmin-keys', process.argv[1], process.env),
);
