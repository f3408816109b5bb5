import { spawn } from 'node:child_process';
import type { NewKey, Target } from '../target';

/**
 * `--keys-command`: the target's `createKey` and `revokeKey` through a shell command that takes
 * `wsadmin-keys`' arguments, so `DATABASE_URL=… npx wsadmin-keys` works as it is and any other
 * implementation can offer a script of the same shape. `create …` must print `{"id","secret"}` as a
 * JSON line; `revoke ID` must exit 0. The suite revokes by secret, the command by id: the ids of the
 * keys it made are remembered here.
 */

/** Runs the command with these arguments appended; resolves its stdout, rejects naming the failure. */
export type RunKeysCommand = (args: readonly string[]) => Promise<string>;

/** `create` arguments for a key, as `wsadmin-keys create` reads them (`--option=value`, so a value may start with `-`). */
export function createArguments(key: NewKey): string[] {
  const args = ['create', `--name=${key.name}`];
  if (key.description !== undefined && key.description !== '') args.push(`--description=${key.description}`);
  // An empty list means every permission, which is also what leaving the option out means.
  if (key.permissions !== undefined && key.permissions.length > 0) {
    args.push(`--permissions=${key.permissions.join(',')}`);
  }
  if (key.workspaceIds != null) {
    args.push(`--workspaces=${key.workspaceIds.length === 0 ? 'none' : key.workspaceIds.join(',')}`);
  }
  if (key.expiresAt != null) args.push(`--expires=${key.expiresAt}`);
  return args;
}

export function keysThroughCommand(run: RunKeysCommand): Required<Pick<Target, 'createKey' | 'revokeKey'>> {
  const idsBySecret = new Map<string, string>();
  return {
    async createKey(key) {
      const created = createdKeyIn(await run(createArguments(key)));
      idsBySecret.set(created.secret, created.id);
      return created.secret;
    },
    async revokeKey(secret) {
      const id = idsBySecret.get(secret);
      if (id === undefined) throw new Error('--keys-command can revoke only the keys it created');
      await run(['revoke', id]);
    },
  };
}

/** The `{"id","secret"}` line among the output (tools may print more); the output holds a secret, so no error quotes it. */
function createdKeyIn(stdout: string): { id: string; secret: string } {
  for (const line of stdout.split('\n').reverse()) {
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== 'object' || parsed === null) continue;
      const { id, secret } = parsed as { id?: unknown; secret?: unknown };
      if (typeof id === 'string' && id !== '' && typeof secret === 'string' && secret !== '') {
        return { id, secret };
      }
    } catch {
      // not this line
    }
  }
  const lines = stdout.split('\n').filter((line) => line.trim() !== '').length;
  throw new Error(`--keys-command create printed no {"id","secret"} JSON line (${lines} lines of output)`);
}

/**
 * Runs `command` with sh, the arguments appended as "$@" (so none is split or expanded), with the
 * command's environment; stdin closed. A command that runs longer than `timeoutMs` is ended.
 */
export function shellKeysCommand(command: string, timeoutMs = 30_000): RunKeysCommand {
  return (args) =>
    new Promise((resolve, reject) => {
      const child = spawn('sh', ['-c', `${command} "$@"`, 'keys-command', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: timeoutMs,
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', (error) => reject(new Error(`--keys-command could not start: ${error.message}`)));
      child.on('close', (code, signal) => {
        if (code === 0) {
          resolve(Buffer.concat(stdout).toString('utf8'));
          return;
        }
        const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
        // stderr only: stdout of a create holds a secret; wsadmin-keys explains failures on stderr.
        const said = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-5).join('\n');
        reject(new Error(`--keys-command ${args[0]} ${how}${said ? `: ${said}` : ''}`));
      });
    });
}
