import { parseArgs } from 'node:util';
import { groupNames, unknownGroups } from '../run';

/** A command line the command cannot run: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type Command =
  | { command: 'help' }
  | { command: 'list-groups' }
  | { command: 'run'; baseUrl: string; key: string; groups: readonly string[]; runs: number };

export function usage(name = 'wsadmin-conformance'): string {
  return [
    `Usage: ${name} --base-url <url> --key <secret> [--group <name> ...] [--runs <n>]`,
    `       ${name} --list-groups | --help`,
    '',
    'Runs the conformance suite of the Workspace Configuration, Permission and Account Service',
    'against the server at --base-url, and prints per group what passed, failed or was not run',
    '(and why). It creates workspaces, accounts and more on that server, and names them at the end.',
    '',
    'Options:',
    '  --base-url <url>   the server, e.g. http://127.0.0.1:8787',
    '  --key <secret>     an unrestricted access key of that server (also: WSADMIN_KEY)',
    '  --group <name>     run only this group (repeatable); --list-groups names them',
    '  --runs <n>         runs per round-trip property (default 10)',
    '  --list-groups      print the groups and exit',
    '  --help             print this and exit',
    '',
    'Exit codes: 0 nothing failed, 1 a test failed, 2 a bad command line.',
  ].join('\n');
}

/** Reads the command line (`argv` without node and the script); throws `UsageError` on a bad one. */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Command {
  let values: {
    'base-url'?: string;
    key?: string;
    group?: string[];
    runs?: string;
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
  return { command: 'run', baseUrl, key, groups, runs };
}
