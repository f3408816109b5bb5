import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { RecordingError } from '../replay/har-reader';
import { type SeedFromRecording, seedFromRecording } from '../replay/seed-from-recording';
import { UsageError } from './args';
import type { ReplayOutput } from './replay-command';

/** `wsadmin-conformance seed <recording.har> --out <scenario>`: a mock scenario from a recording. */
export interface SeedCommand {
  command: 'seed';
  recording: string;
  /** `.json`: a scenario file; `.ts`, `.mts`, `.js`, `.mjs`: a module exporting it with `defineScenario`. */
  out: string;
}

const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

export function seedUsage(name = 'wsadmin-conformance'): string {
  return [
    `Usage: ${name} seed <recording.har> --out <scenario.json | scenario.ts>`,
    '',
    "Writes a @wsadmin/mock scenario whose seed is the state the recording's answers show from",
    'before it started (accounts, workspaces with their dimensions, measures and member groups, each',
    "as first shown; what the recording itself created is left out), as the contract's create requests.",
    'createMock, the Playwright fixture and wsadmin-mock take it; `replay --mock --seed` replays the',
    'recording on a mock seeded so.',
    '',
    'Options:',
    '  --out <file>   .json: a scenario file; .ts, .mts, .js or .mjs: a module whose default export',
    '                 is the scenario (defineScenario of @wsadmin/mock)',
    '',
    'Exit codes: 0 written, 2 a bad command line or a recording that is not a HAR.',
  ].join('\n');
}

/** Reads `seed …` (argv after `seed`); throws `UsageError` on a bad command line. */
export function parseSeedCommand(argv: readonly string[]): SeedCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [recording, ...extra] = parsed.positionals;
  if (recording === undefined || recording === '')
    throw new UsageError('seed needs the recording: seed <recording.har> --out <file>');
  if (extra.length > 0) throw new UsageError(`seed takes one recording, not also ${extra.join(' ')}`);
  const out = parsed.values.out;
  if (out === undefined || out === '') throw new UsageError('seed needs --out <scenario.json | scenario.ts>');
  const extension = extname(out);
  if (extension !== '.json' && !MODULE_EXTENSIONS.includes(extension)) {
    throw new UsageError(
      `--out must end in .json, ${MODULE_EXTENSIONS.join(', ')}, not ${JSON.stringify(out)}`,
    );
  }
  return { command: 'seed', recording, out };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { out: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
}

/** Runs `wsadmin-conformance seed`; answers the exit code. */
export function runSeed(command: SeedCommand, output: ReplayOutput): number {
  let built: SeedFromRecording;
  try {
    built = seedFromRecording(readFileSync(command.recording, 'utf8'));
  } catch (error) {
    if (!(error instanceof RecordingError) && (error as NodeJS.ErrnoException).code === undefined)
      throw error;
    output.error(`wsadmin-conformance seed: ${command.recording}: ${(error as Error).message}`);
    return 2;
  }
  mkdirSync(dirname(command.out), { recursive: true });
  writeFileSync(command.out, scenarioText(built, command));
  for (const note of built.notes) output.error(`wsadmin-conformance seed: ${note}`);
  output.log(`${command.out}: ${counts(built)}, from ${command.recording}`);
  return 0;
}

function scenarioText({ seed }: SeedFromRecording, command: SeedCommand): string {
  const json = JSON.stringify({ seed }, null, 2);
  if (extname(command.out) === '.json') return `${json}\n`;
  return [
    `// Written by \`wsadmin-conformance seed ${basename(command.recording)}\`: the state the recording shows.`,
    "import { defineScenario } from '@wsadmin/mock';",
    '',
    `export default defineScenario(${json});`,
    '',
  ].join('\n');
}

function counts({ seed }: SeedFromRecording): string {
  const workspaces = seed.workspaces ?? [];
  const inside = (kind: 'dimensions' | 'measures' | 'memberGroups') =>
    workspaces.reduce((sum, workspace) => sum + (workspace[kind]?.length ?? 0), 0);
  return `${seed.accounts?.length ?? 0} accounts, ${workspaces.length} workspaces (${inside('dimensions')} dimensions, ${inside('measures')} measures, ${inside('memberGroups')} member groups)`;
}
