import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { RecordingError } from '../replay/har-reader';
import { type ReplayTarget, replayRecording } from '../replay/replay';
import { hasDifferences, replayJson, replayOutcomes, replayText } from '../replay/report';
import { type RecordedSeed, type SeedFromRecording, seedFromRecording } from '../replay/seed-from-recording';
import { type KnownIdentifier, seededIdentifiers } from '../replay/seeded-identifiers';
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
  let target: ReplayTarget;
  let seeded: SeedFromRecording | undefined;
  let known: KnownIdentifier[] = [];
  try {
    seeded = command.seed ? seedFromRecording(text) : undefined;
    target = command.mock ? await mockTarget(seeded?.seed) : serverTarget(command);
    if (seeded !== undefined) known = await seededIdentifiers(seeded, target);
  } catch (error) {
    if (error instanceof MockMissingError) {
      output.error(`wsadmin-conformance replay: ${error.message}`);
      return 2;
    }
    if (!(error instanceof RecordingError)) throw error;
    output.error(`wsadmin-conformance replay: ${command.recording}: ${error.message}`);
    return 2;
  }
  for (const note of seeded?.notes ?? []) output.error(`wsadmin-conformance replay: seed: ${note}`);
  const against = command.mock
    ? `${seeded === undefined ? 'a fresh' : 'a seeded'} @wsadmin/mock`
    : target.baseUrl;
  const startedAt = new Date();
  const started = performance.now();
  let result: Awaited<ReturnType<typeof replayRecording>>;
  try {
    result = await replayRecording(text, target, { known });
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

/** What `--mock` uses of `@wsadmin/mock`. */
interface MockModule {
  createMock(options?: { seed?: RecordedSeed }): { fetch(request: Request): Promise<Response> };
  MOCK_BASE_URL: string;
  MOCK_KEY: string;
}

/**
 * A fresh mock, loaded only for `--mock` from where the user installed it. Not a declared
 * dependency, not even an optional peer: the mock's own tests run this kit, and the package graph
 * stays without cycles (packages/package-graph.test.ts). The specifier is a variable so the build
 * leaves the import to run time instead of bundling the mock into the command.
 */
async function mockTarget(seed: RecordedSeed | undefined): Promise<ReplayTarget> {
  const specifier = '@wsadmin/mock';
  let mockModule: MockModule;
  try {
    mockModule = (await import(/* @vite-ignore */ specifier)) as MockModule;
  } catch (error) {
    throw new MockMissingError(
      `--mock needs @wsadmin/mock installed beside @wsadmin/conformance (npm install -D @wsadmin/mock msw): ${(error as Error).message}`,
    );
  }
  const mock = mockModule.createMock(seed === undefined ? {} : { seed });
  return {
    baseUrl: mockModule.MOCK_BASE_URL,
    key: mockModule.MOCK_KEY,
    fetch: (request) => mock.fetch(request),
  };
}

/** `--mock` without the mock installed. */
export class MockMissingError extends Error {
  override name = 'MockMissingError';
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
