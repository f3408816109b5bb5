#!/usr/bin/env node
import { type CommandHost, runCommand } from '@wsadmin/server-core/server-kit';
import { endQuietlyWhenStdoutCloses } from '../closed-stdout';
import { commandName } from '../command-name';
import { NODE_SETTINGS } from '../config';
import { serverVersion } from '../server-version';

// `wsadmin-server [--help | --version | keys …]` (`npm start -- …` in this repository): the core's
// command line, as on Bun and Deno. Exit codes: serverUsage.
const node: CommandHost = {
  runtime: 'Node',
  version: serverVersion,
  settingsOptions: NODE_SETTINGS,
  beforeOutput: endQuietlyWhenStdoutCloses,
  // Loaded only when needed: --help and --version answer at once, without the server's modules.
  async openStorage(settings, now) {
    const { openStorageFromUrl } = await import('../open-storage');
    return openStorageFromUrl(settings.databaseUrl, now, { testHooks: settings.testHooks });
  },
  async serve(settings) {
    const { runServer } = await import('../run-server');
    await runServer(settings);
  },
};

const name = commandName('wsadmin-server', process.argv[1], process.env);
const code = await runCommand(node, process.argv.slice(2), process.env, name);
// A start that failed ends now (stderr is written synchronously); the rest end when they are done.
if (code === 1) process.exit(code);
if (code !== undefined) process.exitCode = code;
