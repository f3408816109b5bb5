import { parseArgs } from 'node:util';
import { FeaturePermission, LONG_TEXT_MAX, MAX_ID, SHORT_TEXT_MAX } from '@wsadmin/contract';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import {
  createKey,
  findKey,
  listKeys,
  type NewKey,
  newKeyRow,
  publicKeyOf,
  revokeKey,
  revokeKeyQuery,
} from '../auth/keys';
import type { Schema } from '../storage/schema';

/** The usage, naming the command as it was called (the Node server's command-name.ts): `wsadmin-keys` or `npm run keys --`. */
export function keysUsage(name: string): string {
  return `Usage: ${name} <command>

  create --name NAME [--permissions auth,account,workspace,data,task,embed]
         [--workspaces 1,2|none] [--expires ISO-8601] [--description TEXT]
      Creates a key and prints {"id", "secret"} as one JSON line. The secret is shown only now.
      No --permissions = every feature permission; no --workspaces = every workspace;
      --workspaces none = no workspace (accounts and login data only).
  list
      Prints every key as one JSON line (never a secret).
  revoke ID
      Revokes the key with that id (a revoked key answers 401).
  create … --sql, revoke ID --sql
      Prints the SQL statement instead of running it, for a SQLite database this command cannot
      open (another machine's file: sqlite3 <file> "$(…)"); create shows {"id", "secret"} on
      stderr. Opens no database. (A Worker's keys: its /__admin__/keys/ route, docs/runtimes.md.)
  help
      Prints this.

The database is DATABASE_URL, as for the server (default sqlite:./data/wsadmin.db).
Exit codes: 0 done; 1 no key has that id, or the database failed; 2 bad arguments or settings.`;
}

/** Bad command-line arguments: the CLI prints the message and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type KeysCommand =
  | { command: 'help' }
  /** `sql`: print the statement instead of running it (a database only another tool can reach). */
  | { command: 'create'; key: NewKey; sql: boolean }
  | { command: 'list' }
  | { command: 'revoke'; id: string; sql: boolean };

/** Reads `wsadmin-keys ...` arguments; throws UsageError naming what is wrong. */
export function parseKeysCommand(argv: readonly string[], now: Date, name = 'wsadmin-keys'): KeysCommand {
  let parsed: ReturnType<typeof parseCreateArgs>;
  try {
    parsed = parseCreateArgs(argv);
  } catch (error) {
    // node:util parseArgs explains missing values well; its advice for an unknown option (put it
    // after `--` as a positional) fits no command here, so only the option is named.
    const { code, message } = error as { code?: string; message: string };
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option)
      throw new UsageError(`unknown option "${option}"`);
    throw new UsageError(message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { command: 'help' };
  const options = Object.keys(values).map((name) => `--${name}`);
  switch (command) {
    case 'create':
      if (rest.length > 0)
        throw new UsageError(`create takes no positional arguments, got "${rest.join(' ')}"`);
      return { command: 'create', key: newKeyOf(values, now), sql: values.sql === true };
    case 'list':
      refuseExtras('list', rest, options);
      return { command: 'list' };
    case 'revoke': {
      refuseExtras(
        'revoke',
        rest.slice(1),
        options.filter((option) => option !== '--sql'),
      );
      const id = rest[0];
      if (!id) throw new UsageError(`revoke needs the key id: ${name} revoke <id> (see ${name} list)`);
      return { command: 'revoke', id, sql: values.sql === true };
    }
    case undefined:
      throw new UsageError('missing command: create, list or revoke');
    default:
      throw new UsageError(`unknown command "${command}": use create, list or revoke`);
  }
}

function parseCreateArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      description: { type: 'string' },
      permissions: { type: 'string' },
      workspaces: { type: 'string' },
      expires: { type: 'string' },
      sql: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function refuseExtras(command: string, positionals: string[], options: string[]): void {
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}" after ${command}`);
  if (options.length > 0) throw new UsageError(`${command} takes no options, got ${options.join(', ')}`);
}

interface CreateValues {
  sql?: boolean;
  name?: string;
  description?: string;
  permissions?: string;
  workspaces?: string;
  expires?: string;
}

function newKeyOf(values: CreateValues, now: Date): NewKey {
  const name = values.name?.trim();
  if (!name) throw new UsageError('create needs --name NAME (a label for the key, e.g. --name ci)');
  if (name.length > SHORT_TEXT_MAX)
    throw new UsageError(`--name is longer than ${SHORT_TEXT_MAX} characters`);
  const description = values.description ?? '';
  if (description.length > LONG_TEXT_MAX) {
    throw new UsageError(`--description is longer than ${LONG_TEXT_MAX} characters`);
  }
  return {
    name,
    description,
    permissions: values.permissions === undefined ? [] : permissionsOf(values.permissions),
    workspaceIds: values.workspaces === undefined ? null : workspaceIdsOf(values.workspaces),
    expiresAt: values.expires === undefined ? null : expiryOf(values.expires, now),
  };
}

const listItems = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function permissionsOf(text: string): FeaturePermission[] {
  const permissions: FeaturePermission[] = [];
  for (const item of listItems(text)) {
    const parsed = FeaturePermission.safeParse(item);
    if (!parsed.success) {
      throw new UsageError(
        `unknown permission "${item}" in --permissions: use ${FeaturePermission.options.join(', ')}`,
      );
    }
    if (!permissions.includes(parsed.data)) permissions.push(parsed.data);
  }
  // An empty list would mean "unrestricted", the opposite of what `--permissions ""` suggests.
  if (permissions.length === 0) {
    throw new UsageError('--permissions is empty: leave it out for an unrestricted key');
  }
  return permissions;
}

function workspaceIdsOf(text: string): number[] {
  if (text.trim() === 'none') return [];
  const ids: number[] = [];
  for (const item of listItems(text)) {
    const id = /^\d+$/.test(item) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
      throw new UsageError(`workspace id "${item}" in --workspaces is not an integer from 1 to ${MAX_ID}`);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  // An empty list would read as "every workspace" to some and "none" to others: both are spelled out.
  if (ids.length === 0) {
    throw new UsageError('--workspaces is empty: leave it out for every workspace, or say none');
  }
  return ids;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function expiryOf(text: string, now: Date): string {
  const value = text.trim();
  const shaped = ISO_DATE.test(value) || ISO_DATE_TIME.test(value);
  const time = shaped && isCalendarDate(value.slice(0, 10)) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new UsageError(
      `--expires "${text}" is not an ISO-8601 date or date-time with offset, e.g. 2030-01-31 or 2030-01-31T18:00:00Z`,
    );
  }
  if (time <= now.getTime()) throw new UsageError(`--expires ${text} is not in the future`);
  return new Date(time).toISOString();
}

/** Date.parse rolls 2030-02-30 over to March; refuse days the month does not have. */
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().startsWith(date);
}

export interface KeysIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** How the command was called, for the lines that tell the user what to run. */
  name: string;
}

/** Runs a parsed command; returns the exit code. */
export async function runKeysCommand(
  command: KeysCommand,
  db: Kysely<Schema>,
  now: Date,
  io: KeysIo,
): Promise<number> {
  switch (command.command) {
    case 'help':
      io.out(keysUsage(io.name));
      return 0;
    case 'create': {
      const { id, secret } = await createKey(db, now, command.key);
      io.out(JSON.stringify({ id, secret }));
      return 0;
    }
    case 'list':
      for (const key of await listKeys(db)) io.out(JSON.stringify(publicKeyOf(key)));
      return 0;
    case 'revoke': {
      if (!(await revokeKey(db, command.id, now))) {
        io.err(`keys: no key has the id "${command.id}" (${io.name} list shows the ids)`);
        return 1;
      }
      const key = await findKey(db, command.id);
      io.out(JSON.stringify({ id: command.id, revokedAt: key?.revokedAt ?? now.toISOString() }));
      return 0;
    }
  }
}

/** A command that prints SQL (`--sql`) rather than opening the database. */
export function printsSql(command: KeysCommand): boolean {
  return (command.command === 'create' || command.command === 'revoke') && command.sql;
}

/**
 * `create --sql` and `revoke ID --sql`: the statement on stdout, one line, with its values written
 * in (a tool such as `sqlite3 <file> "…"` takes no parameters); the new key's id and
 * secret on stderr, so `$(…)` captures the statement alone while the terminal shows the secret.
 */
export async function runKeysSql(command: KeysCommand, now: Date, io: KeysIo): Promise<number> {
  const db = compileOnly();
  if (command.command === 'create') {
    const { id, secret, row } = await newKeyRow(now, command.key);
    io.out(inline(db.insertInto('access_keys').values(row).compile()));
    io.err(JSON.stringify({ id, secret }));
    return 0;
  }
  if (command.command === 'revoke') {
    io.out(inline(revokeKeyQuery(db, command.id, now).compile()));
    return 0;
  }
  io.err(`keys: ${command.command} has no --sql form`);
  return 2;
}

/** Kysely that compiles SQLite statements and runs none. */
function compileOnly(): Kysely<Schema> {
  return new Kysely<Schema>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

/** The statement with each `?` replaced by its value as a SQL literal. */
function inline(query: CompiledQuery): string {
  let index = 0;
  return `${query.sql.replace(/\?/g, () => literal(query.parameters[index++]))};`;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}
