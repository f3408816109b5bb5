#!/usr/bin/env node
import { expect } from 'expect';
import { httpTarget } from '../http-target';
import { groupNames, runConformance } from '../run';
import type { Expect } from '../test-api';
import { type Command, parseCommand, UsageError, usage } from './args';
import { collectingHost, type Outcome } from './runner';
import { changeRecorder, groupSummary } from './summary';

// `wsadmin-conformance --base-url … --key …`: the suite against any server, with Jest's standalone
// `expect` and the small runner of runner.ts (docs/decisions/0022-conformance-package.md).
async function main(argv: string[]): Promise<number> {
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
  const target = httpTarget({
    baseUrl: command.baseUrl,
    key: command.key,
    fetch: async (request) => {
      const response = await fetch(request);
      changes.record(request.method, request.url, response.status);
      return response;
    },
  });
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
  const outcomes = await runner.runAll((outcome: Outcome) => {
    if (outcome.status === 'failed') console.log(`FAIL ${outcome.name}\n     ${indent(outcome.detail)}`);
  });
  const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
  const passed = outcomes.filter((outcome) => outcome.status === 'passed').length;
  console.log(['', 'Per group:', ...groupSummary(outcomes), ''].join('\n'));
  console.log(`${passed} passed, ${failed} failed, ${outcomes.length - passed - failed} not run`);
  console.log(changes.report(command.baseUrl).join('\n'));
  return failed === 0 ? 0 : 1;
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
