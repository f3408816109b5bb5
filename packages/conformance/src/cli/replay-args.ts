import { parseArgs } from 'node:util';
import { UsageError } from './args';

/** `wsadmin-conformance replay <recording.har> …`: a recording replayed against a server or the mock. */
export interface ReplayCommand {
  command: 'replay';
  recording: string;
  /** A started server; absent with `mock`. */
  baseUrl?: string;
  key?: string;
  /** Replay against a fresh in-process mock (`@wsadmin/mock`) instead of a server. */
  mock: boolean;
  /** With `mock`: the mock seeded with the state the recording shows (`seed` command). */
  seed: boolean;
  /** Where to write the JSON report, the JUnit XML. */
  json?: string;
  junit?: string;
  /** Exit 0 even when the replay differs from the recording. */
  allowDifferences: boolean;
}

export function replayUsage(name = 'wsadmin-conformance'): string {
  return [
    `Usage: ${name} replay <recording.har> --base-url <url> --key <secret> [options]`,
    `       ${name} replay <recording.har> --mock [--seed] [options]`,
    '',
    "Replays the service's requests of a HAR 1.2 recording, in order, against a server or a fresh",
    'in-process mock, mapping the identifiers the recorded answers created to the ones the replay gets,',
    'and prints each request whose answer differs (status, errcode, reason, shape, values) and each',
    'recorded field the contract does not document. Requests of other hosts or paths are skipped.',
    '',
    'Options:',
    '  --base-url <url>       the server, e.g. http://127.0.0.1:8787',
    '  --key <secret>         an unrestricted access key of that server (also: WSADMIN_KEY); the',
    "                         recording's own credentials are never sent nor printed",
    '  --mock                 replay against a fresh @wsadmin/mock (installed beside this package)',
    '  --seed                 with --mock: seed it first with the state the recording shows from',
    "                         before it started (as the seed command writes it), so the recording's",
    '                         reads of objects it did not create find them',
    '  --json <file>          also write the report as JSON to <file>',
    '  --junit <file>         also write the report as JUnit XML to <file> (one test per request)',
    '  --allow-differences    exit 0 even when answers differ',
    '',
    'Exit codes: 0 no difference, 1 differences or entries that could not be replayed, 2 a bad',
    'command line or a recording that is not a HAR.',
  ].join('\n');
}

/** Reads `replay …` (argv after `replay`); throws `UsageError` on a bad command line. */
export function parseReplayCommand(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ReplayCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [recording, ...extra] = positionals;
  if (recording === undefined || recording === '')
    throw new UsageError('replay needs the recording: replay <recording.har>');
  if (extra.length > 0) throw new UsageError(`replay takes one recording, not also ${extra.join(' ')}`);
  const mock = values.mock === true;
  const baseUrl = values['base-url'];
  if (mock && baseUrl !== undefined) throw new UsageError('give --mock or --base-url, not both');
  const seed = values.seed === true;
  if (seed && !mock) throw new UsageError('--seed seeds the mock: give it with --mock');
  if (values.json === '' || values.junit === '') throw new UsageError('--json and --junit need a file name');
  const common = {
    command: 'replay' as const,
    recording,
    mock,
    seed,
    allowDifferences: values['allow-differences'] === true,
    ...(values.json === undefined ? {} : { json: values.json }),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
  };
  if (mock) return common;
  if (baseUrl === undefined) throw new UsageError('replay needs --base-url <url> (or --mock)');
  if (!/^https?:\/\/[^/]/.test(baseUrl)) {
    throw new UsageError(`--base-url must be an http:// or https:// URL, not ${JSON.stringify(baseUrl)}`);
  }
  const key = values.key ?? env.WSADMIN_KEY ?? '';
  if (key === '') throw new UsageError('--key is required (or WSADMIN_KEY): an unrestricted access key');
  return { ...common, baseUrl, key };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      mock: { type: 'boolean' },
      seed: { type: 'boolean' },
      json: { type: 'string' },
      junit: { type: 'string' },
      'allow-differences': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
}
