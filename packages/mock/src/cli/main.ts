#!/usr/bin/env node
import { MOCK_KEY } from '../options';
import type { MockScenario } from '../scenario';
import { type Command, parseCommand, UsageError, usage } from './args';
import { loadScenarioFile, ScenarioFileError } from './scenario-file';
import { PortUnavailableError, SeedFailedError, startMockHost } from './serve';

// `wsadmin-mock [scenario-file]`: the mock over HTTP for clients that do not run MSW, with its
// inspector page (packages/mock/README.md, "wsadmin-mock").
async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`wsadmin-mock: ${error.message}\n\n${usage()}`);
    return 2;
  }
  if (command.command === 'help') {
    console.log(usage());
    return 0;
  }
  const file = command.scenarioFile;
  let scenario: MockScenario = {};
  try {
    if (file !== undefined) scenario = await loadScenarioFile(file);
  } catch (error) {
    if (!(error instanceof ScenarioFileError)) throw error;
    console.error(prefixed(error.message));
    return 2;
  }
  let host: Awaited<ReturnType<typeof startMockHost>>;
  try {
    host = await startMockHost({
      scenario,
      ...(file === undefined ? {} : { scenarioName: file }),
      port: command.port,
      host: command.host,
      corsOrigins: command.corsOrigins,
    });
  } catch (error) {
    if (error instanceof PortUnavailableError) {
      console.error(`wsadmin-mock: ${error.message}`);
      return 1;
    }
    if (error instanceof SeedFailedError) {
      console.error(`wsadmin-mock: ${file ?? 'scenario'}: seed: ${error.message}`);
      return 2;
    }
    throw error;
  }
  // Listening for the signals before saying how to stop: a Ctrl+C right after the line stops it cleanly.
  const stopped = new Promise<NodeJS.Signals>((stop) => {
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  console.log(
    [
      `wsadmin mock on ${host.url}${file === undefined ? '' : ` (scenario: ${file})`}`,
      `  base URL:  ${host.url}`,
      `  MOCK_KEY:  ${MOCK_KEY}`,
      `  inspector: ${host.inspectorUrl}`,
      'Ctrl+C stops it.',
    ].join('\n'),
  );
  const signal = await stopped;
  await host.close();
  console.log(`wsadmin mock stopped (${signal})`);
  return 0;
}

/** Each line of a message on stderr starts with the command's name. */
const prefixed = (message: string) =>
  message
    .split('\n')
    .map((line) => `wsadmin-mock: ${line}`)
    .join('\n');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`wsadmin-mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
