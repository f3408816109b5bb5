#!/usr/bin/env node
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'expect';
import { httpTarget } from '../http-target';
import { groupNames, runConformance } from '../run';
import type { Target } from '../target';
import type { Expect } from '../test-api';
import { type Command, parseCommand, type RunCommand, UsageError, usage } from './args';
import { junitXml } from './junit';
import { keysThroughCommand, shellKeysCommand } from './keys-command';
import { progressOn } from './progress';
import { parseReplayCommand, replayUsage } from './replay-args';
import { runReplay } from './replay-command';
import { collectingHost, type Outcome } from './runner';
import { parseSeedCommand, runSeed, seedUsage } from './seed-command';
import { changeRecorder, groupSummary } from './summary';
import { testClockAt } from './test-clock';

// `wsadmin-conformance --base-url … --key …`: the suite against any server, with Jest's standalone
// `expect` and the small runner of runner.ts (docs/decisions/0022-conformance-package.md).
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'replay') return replay(argv.slice(1));
  if (argv[0] === 'seed') return seed(argv.slice(1));
  let command: Command;
  try {
    command = parseCommand(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`wsadmin-conformance: ${error.message}\n\n${usage()}`);
    return 2;
  }
  if (command.command === 'help') {
    console.log(usage());
    return 0;
  }
  if (command.command === 'list-groups') {
    console.log(groupNames.join('\n'));
    return 0;
  }
  const changes = changeRecorder();
  const target: Target = httpTarget({
    baseUrl: command.baseUrl,
    key: command.key,
    fetch: async (request) => {
      const response = await fetch(request);
      changes.record(request.method, request.url, response.status);
      return response;
    },
  });
  if (command.keysCommand !== undefined) {
    Object.assign(target, keysThroughCommand(shellKeysCommand(command.keysCommand)));
  }
  if (command.testClock) {
    const clock = testClockAt(command.baseUrl);
    // Checked first: without it, every clock test would fail the same way after minutes of running.
    const problem = await clock.advanceClock(0).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (problem !== undefined) {
      console.error(
        `wsadmin-conformance: --test-clock: ${problem}. The reference server serves it with WSADMIN_TEST_CLOCK=1; without a test clock, leave --test-clock out.`,
      );
      return 2;
    }
    target.advanceClock = clock.advanceClock;
  }
  const runner = collectingHost(expect as unknown as Expect);
  // No afterAll: the summary below names what was not run, per group.
  runConformance(
    target,
    { describe: runner.host.describe, it: runner.host.it, expect: runner.host.expect },
    {
      groups: command.groups,
      roundTrip: { runs: command.runs, passwordRuns: Math.min(command.runs, 3) },
    },
  );
  console.log(`wsadmin-conformance: ${runner.count()} tests against ${command.baseUrl}`);
  const progress = progressOn(progressMode(command), process.stderr, runner.count());
  const startedAt = new Date();
  const started = performance.now();
  const outcomes = await runner.runAll({
    onStart: (test) => progress.onStart(test),
    onOutcome: (outcome: Outcome) => {
      progress.onOutcome(outcome);
      if (outcome.status === 'failed') {
        progress.above(() => console.log(`FAIL ${outcome.name}\n     ${indent(outcome.detail)}`));
      }
    },
  });
  progress.finish();
  const durationMs = performance.now() - started;
  const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
  const passed = outcomes.filter((outcome) => outcome.status === 'passed').length;
  console.log(['', 'Per group:', ...groupSummary(outcomes), ''].join('\n'));
  console.log(`${passed} passed, ${failed} failed, ${outcomes.length - passed - failed} not run`);
  console.log(changes.report(command.baseUrl).join('\n'));
  if (command.junit !== undefined) {
    mkdirSync(dirname(command.junit), { recursive: true });
    writeFileSync(command.junit, junitXml(outcomes, { baseUrl: command.baseUrl, startedAt, durationMs }));
    console.log(`JUnit XML: ${command.junit}`);
  }
  return failed === 0 ? 0 : 1;
}

async function replay(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(replayUsage());
    return 0;
  }
  try {
    const command = parseReplayCommand(argv, process.env);
    return await runReplay(command, {
      log: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`wsadmin-conformance replay: ${error.message}\n\n${replayUsage()}`);
    return 2;
  }
}

function seed(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(seedUsage());
    return 0;
  }
  try {
    return runSeed(parseSeedCommand(argv), {
      log: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`wsadmin-conformance seed: ${error.message}\n\n${seedUsage()}`);
    return 2;
  }
}

function progressMode(command: RunCommand) {
  if (command.progress !== 'auto') return command.progress;
  return process.stderr.isTTY ? 'live' : 'lines';
}

const indent = (text = '') => text.split('\n').slice(0, 12).join('\n     ');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`wsadmin-conformance: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
