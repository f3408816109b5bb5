import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { RecordingError } from '../replay/har-reader';
import { type ReplayTarget, replayRecording } from '../replay/replay';
import { hasDifferences, replayJson, replayOutcomes, replayText } from '../replay/report';
import { junitXml } from './junit';
import type { ReplayCommand } from './replay-args';

/** What the command prints and where: stdout for the report, stderr for why it could not run. */
export interface ReplayOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/** Runs `wsadmin-conformance replay`; answers the exit code. */
export async function runReplay(command: ReplayCommand, output: ReplayOutput): Promise<number> {
  let text: string;
  try {
    text = readFileSync(command.recording, 'utf8');
  } catch (error) {
    output.error(`wsadmin-conformance replay: cannot read ${command.recording}: ${(error as Error).message}`);
    return 2;
  }
  const target = command.mock ? await mockTarget() : serverTarget(command);
  const against = command.mock ? 'a fresh @wsadmin/mock' : target.baseUrl;
  const startedAt = new Date();
  const started = performance.now();
  let result: Awaited<ReturnType<typeof replayRecording>>;
  try {
    result = await replayRecording(text, target);
  } catch (error) {
    if (!(error instanceof RecordingError)) throw error;
    output.error(`wsadmin-conformance replay: ${command.recording}: ${error.message}`);
    return 2;
  }
  for (const line of replayText(result, against)) output.log(line);
  if (command.json !== undefined) {
    write(command.json, replayJson(result, against));
    output.log(`JSON: ${command.json}`);
  }
  if (command.junit !== undefined) {
    const durationMs = performance.now() - started;
    write(command.junit, junitXml(replayOutcomes(result), { baseUrl: against, startedAt, durationMs }));
    output.log(`JUnit XML: ${command.junit}`);
  }
  return hasDifferences(result) && !command.allowDifferences ? 1 : 0;
}

function serverTarget(command: ReplayCommand): ReplayTarget {
  return { baseUrl: command.baseUrl ?? '', key: command.key ?? '', fetch: (request) => fetch(request) };
}

/** A fresh mock, loaded only for `--mock`: the conformance kit does not depend on the mock. */
async function mockTarget(): Promise<ReplayTarget> {
  const { createMock, MOCK_BASE_URL, MOCK_KEY } = await import('@wsadmin/mock');
  const mock = createMock();
  return { baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: (request) => mock.fetch(request) };
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
