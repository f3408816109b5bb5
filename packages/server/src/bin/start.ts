#!/usr/bin/env node
import { endQuietlyWhenStdoutCloses } from '../closed-stdout';
import { commandName } from '../command-name';
import { parseServerArguments, serverUsage, serverVersion } from '../server-command';
import { StartupError } from '../startup-error';

// `wsadmin-server` (`npm start -- …` in this repository). Exit codes: serverUsage.
async function main(): Promise<void> {
  const name = commandName('wsadmin-server', process.argv[1], process.env);
  const args = parseServerArguments(process.argv.slice(2));
  if (args.action === 'refuse') {
    console.error(`${name}: ${args.problem}\n\n${serverUsage(name)}`);
    process.exitCode = 2;
    return;
  }
  if (args.action !== 'start') {
    endQuietlyWhenStdoutCloses();
    console.log(args.action === 'help' ? serverUsage(name) : serverVersion());
    return;
  }
  // Loaded only to serve: --help and --version answer at once, without the server's modules.
  const { runServer } = await import('../run-server');
  await runServer();
}

main().catch((error: unknown) => {
  // Anything else is a bug, and its stack is wanted.
  if (!(error instanceof StartupError)) throw error;
  console.error(`wsadmin: ${error.message}`);
  process.exit(1);
});
