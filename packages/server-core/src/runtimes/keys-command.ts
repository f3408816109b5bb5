import { parseArgs } from 'node:util';
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
import { checkedNewKey, type NewKeyField, NewKeyRuleError } from '../auth/new-key-rules';
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

/** The flag each rule's field is given by, for the messages of `create`. */
const FLAGS: Record<NewKeyField, string> = {
  name: '--name',
  description: '--description',
  permissions: '--permissions',
  workspaceIds: '--workspaces',
  expiresAt: '--expires',
};

function newKeyOf(values: CreateValues, now: Date): NewKey {
  if (!values.name?.trim()) {
    throw new UsageError('create needs --name NAME (a label for the key, e.g. --name ci)');
  }
  // An empty list is stored as "no workspace", which `--workspaces ""` (an unset variable) hardly
  // means: that is spelled out as `none`.
  const workspaceIds =
    values.workspaces === undefined
      ? undefined
      : values.workspaces.trim() === 'none'
        ? []
        : listItems(values.workspaces);
  if (workspaceIds?.length === 0 && values.workspaces?.trim() !== 'none') {
    throw new UsageError('--workspaces is empty: leave it out for every workspace, or say none');
  }
  try {
    return checkedNewKey(
      {
        name: values.name,
        description: values.description,
        permissions: values.permissions === undefined ? undefined : listItems(values.permissions),
        workspaceIds,
        expiresAt: values.expires,
      },
      now,
      FLAGS,
    );
  } catch (error) {
    if (error instanceof NewKeyRuleError) throw new UsageError(error.message);
    throw error;
  }
}

const listItems = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

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
