import { describe, expect, it } from 'vitest';
import type { NewKey } from '../target';
import { createArguments, keysThroughCommand, type RunKeysCommand } from './keys-command';

describe('--keys-command', () => {
  it.each<[string, NewKey, string[]]>([
    ['an unrestricted key', { name: 'open', permissions: [] }, ['create', '--name=open']],
    [
      'every option',
      {
        name: 'scoped',
        description: 'for tests',
        permissions: ['workspace', 'data'],
        workspaceIds: [3, 1],
        expiresAt: '2030-01-01T00:00:00.000Z',
      },
      [
        'create',
        '--name=scoped',
        '--description=for tests',
        '--permissions=workspace,data',
        '--workspaces=3,1',
        '--expires=2030-01-01T00:00:00.000Z',
      ],
    ],
    [
      'a key for no workspace',
      { name: 'none', workspaceIds: [] },
      ['create', '--name=none', '--workspaces=none'],
    ],
    ['every workspace', { name: 'all', workspaceIds: null, expiresAt: null }, ['create', '--name=all']],
    ['a name starting with a dash', { name: '-x' }, ['create', '--name=-x']],
  ])('gives the command wsadmin-keys create arguments for %s', (_name, key, args) => {
    expect(createArguments(key)).toEqual(args);
  });

  /** A keys command that answers as wsadmin-keys does, recording its calls. */
  function fakeCommand(stdout: (args: readonly string[]) => string) {
    const calls: string[][] = [];
    const run: RunKeysCommand = async (args) => {
      calls.push([...args]);
      return stdout(args);
    };
    return { calls, run };
  }

  it('returns the secret it printed, and revokes that key by the id it printed', async () => {
    let n = 0;
    const command = fakeCommand((args) => {
      n += 1;
      return args[0] === 'create'
        ? `notice: a line of chatter\n{"id":"key_${n}","secret":"wsk_${n}"}\n`
        : '{}';
    });
    const keys = keysThroughCommand(command.run);
    expect(await keys.createKey({ name: 'a' })).toBe('wsk_1');
    expect(await keys.createKey({ name: 'b' })).toBe('wsk_2');
    await keys.revokeKey('wsk_1');
    expect(command.calls).toEqual([
      ['create', '--name=a'],
      ['create', '--name=b'],
      ['revoke', 'key_1'],
    ]);
  });

  it('fails a create whose output has no {"id","secret"} line, without quoting the output', async () => {
    const keys = keysThroughCommand(fakeCommand(() => 'wsk_leaked-secret\n{"id":"key_1"}\n').run);
    const failure = keys.createKey({ name: 'a' });
    await expect(failure).rejects.toThrow(
      '--keys-command create printed no {"id","secret"} JSON line (2 lines of output)',
    );
    await expect(failure).rejects.not.toThrow(/leaked/);
  });

  it('refuses to revoke a key it did not create (it knows no id for it)', async () => {
    const command = fakeCommand(() => '');
    await expect(keysThroughCommand(command.run).revokeKey('wsk_other')).rejects.toThrow(
      '--keys-command can revoke only the keys it created',
    );
    expect(command.calls).toEqual([]);
  });
});
