import { parseArgs } from 'node:util';
import { groupNames, unknownGroups } from '../run';

/** A command line the command cannot run: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** How progress is shown on stderr: `auto` is `live` on a terminal, `lines` otherwise. */
export type ProgressMode = 'live' | 'lines' | 'none';
const progressModes = ['auto', 'live', 'lines', 'none'] as const;

export interface RunCommand {
  command: 'run';
  baseUrl: string;
  key: string;
  groups: readonly string[];
  runs: number;
  /** A shell command taking `wsadmin-keys`' arguments (`create …`, `revoke ID`); keys-command.ts. */
  keysCommand?: string;
  /** Move the server's clock through its `POST /__test__/clock/` (test-clock.ts). */
  testClock: boolean;
  /** Where to write the JUnit XML report. */
  junit?: string;
  /** `auto` resolved by the caller, which knows whether stderr is a terminal. */
  progress: ProgressMode | 'auto';
}

export type Command = { command: 'help' } | { command: 'list-groups' } | RunCommand;

export function usage(name = 'wsadmin-conformance'): string {
  return [
    `Usage: ${name} --base-url <url> --key <secret> [--group <name> ...] [--runs <n>]`,
    '         [--keys-command <command>] [--test-clock] [--junit <file>] [--progress <mode>]',
    `       ${name} replay <recording.har> (--base-url <url> --key <secret> | --mock [--seed]) [...]`,
    `       ${name} seed <recording.har> --out <scenario.json | scenario.ts>`,
    `       ${name} --list-groups | --help | replay --help | seed --help`,
    '',
    'Runs the conformance suite of the Workspace Configuration, Permission and Account Service',
    'against the server at --base-url, and prints per group what passed, failed or was not run',
    '(and why). It creates workspaces, accounts and more on that server, and names them at the end.',
    'Tests that create or revoke keys, or move the clock, are not run without the two options below.',
    '',
    'Options:',
    '  --base-url <url>          the server, e.g. http://127.0.0.1:8787',
    '  --key <secret>            an unrestricted access key of that server (also: WSADMIN_KEY)',
    '  --group <name>            run only this group (repeatable); --list-groups names them',
    '  --runs <n>                runs per round-trip property (default 10)',
    '  --keys-command <command>  a shell command making and revoking keys of the server as wsadmin-keys',
    '                            does: sh runs it with `create --name=N [--description=T]',
    '                            [--permissions=a,b] [--workspaces=1,2|none] [--expires=ISO]` appended',
    '                            (it prints {"id","secret"} as a JSON line) or `revoke ID`; e.g.',
    "                            'DATABASE_URL=sqlite:./data/wsadmin.db npx wsadmin-keys'",
    '                            (also: WSADMIN_KEYS_COMMAND)',
    '  --test-clock              move the server\'s clock with POST /__test__/clock/ {"advanceSeconds": N}',
    '                            (the reference server with WSADMIN_TEST_CLOCK=1); checked before the run',
    '  --junit <file>            also write the results as JUnit XML to <file>',
    '  --progress <mode>         progress on stderr: live (one line rewritten), lines (one per group),',
    '                            none; default: live on a terminal, lines otherwise',
    '  --list-groups             print the groups and exit',
    '  --help                    print this and exit',
    '',
    'Exit codes: 0 nothing failed, 1 a test failed, 2 a bad command line or a --test-clock the',
    'server does not serve.',
  ].join('\n');
}

/** Reads the command line (`argv` without node and the script); throws `UsageError` on a bad one. */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Command {
  let values: {
    'base-url'?: string;
    key?: string;
    group?: string[];
    runs?: string;
    'keys-command'?: string;
    'test-clock'?: boolean;
    junit?: string;
    progress?: string;
    'list-groups'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' },
        key: { type: 'string' },
        group: { type: 'string', multiple: true },
        runs: { type: 'string' },
        'keys-command': { type: 'string' },
        'test-clock': { type: 'boolean' },
        junit: { type: 'string' },
        progress: { type: 'string' },
        'list-groups': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { command: 'help' };
  if (values['list-groups']) return { command: 'list-groups' };
  const baseUrl = values['base-url'];
  if (baseUrl === undefined) throw new UsageError('--base-url is required');
  if (!/^https?:\/\/[^/]/.test(baseUrl)) {
    throw new UsageError(`--base-url must be an http:// or https:// URL, not ${JSON.stringify(baseUrl)}`);
  }
  const key = values.key ?? env.WSADMIN_KEY ?? '';
  if (key === '') throw new UsageError('--key is required (or WSADMIN_KEY): an unrestricted access key');
  const groups = values.group ?? groupNames;
  const unknown = unknownGroups(groups);
  if (unknown.length > 0) {
    throw new UsageError(`unknown group ${unknown.join(', ')}; --list-groups names them`);
  }
  const runs = values.runs === undefined ? 10 : Number(values.runs);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new UsageError(`--runs must be a whole number from 1, not ${JSON.stringify(values.runs)}`);
  }
  const keysCommand = (values['keys-command'] ?? env.WSADMIN_KEYS_COMMAND ?? '').trim();
  if (values['keys-command'] !== undefined && keysCommand === '') {
    throw new UsageError('--keys-command is empty: leave it out to report the tests needing keys as not run');
  }
  if (values.junit === '') throw new UsageError('--junit needs a file name');
  const progress = values.progress ?? 'auto';
  if (!isProgressMode(progress)) {
    throw new UsageError(
      `--progress must be one of ${progressModes.join(', ')}, not ${JSON.stringify(progress)}`,
    );
  }
  return {
    command: 'run',
    baseUrl,
    key,
    groups,
    runs,
    ...(keysCommand === '' ? {} : { keysCommand }),
    testClock: values['test-clock'] === true,
    ...(values.junit === undefined ? {} : { junit: values.junit }),
    progress,
  };
}

const isProgressMode = (mode: string): mode is RunCommand['progress'] =>
  (progressModes as readonly string[]).includes(mode);
