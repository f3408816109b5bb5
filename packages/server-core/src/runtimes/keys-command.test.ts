import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKey, findKeyBySecret } from '../auth/keys';
import { openMemoryStorage } from '../storage/memory';
import {
  keysUsage,
  parseKeysCommand,
  printsSql,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from './keys-command';

const now = new Date('2030-05-01T00:00:00Z');
const parse = (...argv: string[]) => parseKeysCommand(argv, now);

describe('parseKeysCommand', () => {
  it('reads a create with every option, normalising lists and the expiry', () => {
    expect(
      parse(
        'create',
        '--name',
        ' ci ',
        '--description',
        'nightly',
        '--permissions',
        'workspace, data,workspace',
        '--workspaces',
        '2,1,2',
        '--expires',
        '2031-01-31T18:00:00+01:00',
      ),
    ).toEqual({
      command: 'create',
      key: {
        name: 'ci',
        description: 'nightly',
        permissions: ['workspace', 'data'],
        workspaceIds: [2, 1],
        expiresAt: '2031-01-31T17:00:00.000Z',
      },
      sql: false,
    });
  });

  it('makes an unrestricted key without --permissions and --workspaces; a date expires at its UTC midnight', () => {
    expect(parse('create', '--name=ops', '--expires', '2031-01-31')).toEqual({
      command: 'create',
      key: {
        name: 'ops',
        description: '',
        permissions: [],
        workspaceIds: null,
        expiresAt: '2031-01-31T00:00:00.000Z',
      },
      sql: false,
    });
  });

  it('reads --workspaces none as a key for no workspace, which is stored as such', async () => {
    const command = parse('create', '--name', 'accounts only', '--workspaces', 'none');
    expect(command).toMatchObject({ command: 'create', key: { workspaceIds: [] } });
    const storage = await openMemoryStorage();
    try {
      if (command.command !== 'create') throw new Error('not a create');
      const { secret } = await createKey(storage.db, now, command.key);
      expect((await findKeyBySecret(storage.db, secret))?.workspaceIds).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it.each([
    [['list'], { command: 'list' }],
    [['revoke', 'key_abc'], { command: 'revoke', id: 'key_abc', sql: false }],
    [['revoke', 'key_abc', '--sql'], { command: 'revoke', id: 'key_abc', sql: true }],
    [['help'], { command: 'help' }],
    [['--help'], { command: 'help' }],
    [['create', '-h'], { command: 'help' }],
  ])('%j', (argv, expected) => {
    expect(parse(...argv)).toEqual(expected);
  });

  it.each([
    ['no command', [], 'missing command: create, list or revoke'],
    ['an unknown command', ['rotate'], 'unknown command "rotate": use create, list or revoke'],
    ['create without --name', ['create'], 'create needs --name NAME'],
    ['a blank --name', ['create', '--name', ' '], 'create needs --name NAME'],
    ['a --name over 255 characters', ['create', '--name', 'n'.repeat(256)], '--name is longer than 255'],
    [
      'a --description over 4096',
      ['create', '--name', 'x', '--description', 'd'.repeat(4097)],
      '--description is longer',
    ],
    ['a positional after create', ['create', 'ci'], 'create takes no positional arguments, got "ci"'],
    [
      'an unknown permission',
      ['create', '--name', 'x', '--permissions', 'data,root'],
      'unknown permission "root" in --permissions: use auth, account, workspace, data, task, embed',
    ],
    [
      'a permission in capitals',
      ['create', '--name', 'x', '--permissions', 'DATA'],
      'unknown permission "DATA"',
    ],
    ['an empty --permissions', ['create', '--name', 'x', '--permissions', ' , '], '--permissions is empty'],
    [
      'a word as workspace id',
      ['create', '--name', 'x', '--workspaces', '1,two'],
      'workspace id "two" in --workspaces',
    ],
    ['a fractional workspace id', ['create', '--name', 'x', '--workspaces', '1.5'], 'workspace id "1.5"'],
    ['a negative workspace id', ['create', '--name', 'x', '--workspaces', '1,-3'], 'workspace id "-3"'],
    ['workspace id 0', ['create', '--name', 'x', '--workspaces', '0'], 'workspace id "0"'],
    [
      'a workspace id beyond 2^31-1',
      ['create', '--name', 'x', '--workspaces', '2147483648'],
      'workspace id "2147483648"',
    ],
    ['an empty --workspaces', ['create', '--name', 'x', '--workspaces', ''], '--workspaces is empty'],
    [
      'words as expiry',
      ['create', '--name', 'x', '--expires', 'next week'],
      '--expires "next week" is not an ISO-8601',
    ],
    ['a day the month lacks', ['create', '--name', 'x', '--expires', '2031-02-30'], '--expires "2031-02-30"'],
    ['month 13', ['create', '--name', 'x', '--expires', '2031-13-01'], '--expires "2031-13-01"'],
    ['a date-time without offset', ['create', '--name', 'x', '--expires', '2031-01-01T10:00:00'], 'ISO-8601'],
    ['epoch seconds', ['create', '--name', 'x', '--expires', '1924992000'], 'ISO-8601'],
    ['an expiry in the past', ['create', '--name', 'x', '--expires', '2030-04-30'], 'is not in the future'],
    [
      'an expiry of right now',
      ['create', '--name', 'x', '--expires', '2030-05-01T00:00:00Z'],
      'is not in the future',
    ],
    ['an unknown option', ['create', '--name', 'x', '--colour', 'red'], 'unknown option "--colour"'],
    ['an option without value', ['create', '--name'], "Option '--name <value>' argument missing"],
    ['revoke without id', ['revoke'], 'revoke needs the key id'],
    ['revoke with two ids', ['revoke', 'a', 'b'], 'unexpected argument "b" after revoke'],
    ['list with an option', ['list', '--name', 'x'], 'list takes no options, got --name'],
    ['list with an argument', ['list', 'all'], 'unexpected argument "all" after list'],
  ])('refuses %s', (_case, argv, message) => {
    expect(() => parse(...argv)).toThrow(UsageError);
    expect(() => parse(...argv)).toThrow(message);
  });
});

describe('runKeysCommand', () => {
  async function run(argv: string[]) {
    const storage = await openMemoryStorage();
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysCommand(parseKeysCommand(argv, now), storage.db, now, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      name: 'wsadmin-keys',
    });
    await storage.close();
    return { code, out, err };
  }

  it('prints the usage for help', async () => {
    expect(await run(['help'])).toEqual({ code: 0, out: [keysUsage('wsadmin-keys')], err: [] });
  });

  it('prints nothing for list on an empty database', async () => {
    expect(await run(['list'])).toEqual({ code: 0, out: [], err: [] });
  });

  it('revoke of an unknown id: exit code 1, the id named on stderr', async () => {
    const result = await run(['revoke', 'key_nope']);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err).toEqual([expect.stringContaining('no key has the id "key_nope"')]);
  });

  it('list leaves out the login-data key, which is derived from the secret', async () => {
    const storage = await openMemoryStorage();
    await createKey(storage.db, now, { name: 'one' });
    const out: string[] = [];
    await runKeysCommand({ command: 'list' }, storage.db, now, {
      out: (line) => out.push(line),
      err: () => {},
      name: 'wsadmin-keys',
    });
    await storage.close();
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0] ?? '')).not.toHaveProperty('authDataKey');
  });
});

describe('runKeysSql (create --sql, revoke --sql: for a database only another tool reaches)', () => {
  async function printed(argv: string[]) {
    const command = parseKeysCommand(argv, now);
    expect(printsSql(command)).toBe(true);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysSql(command, now, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      name: 'k',
    });
    return { code, out, err };
  }

  it('prints statements that, run elsewhere, make a working key and revoke it', async () => {
    const storage = await openMemoryStorage();
    try {
      const created = await printed([
        'create',
        '--name',
        "o'brien",
        '--permissions',
        'auth',
        '--workspaces',
        '3',
        '--sql',
      ]);
      expect(created.code).toBe(0);
      // One statement on stdout, values written in; the secret only on stderr.
      expect(created.out).toHaveLength(1);
      expect(created.out[0]).toMatch(/^insert into "access_keys" .*'o''brien'.*;$/);
      expect(created.out[0]).not.toContain('?');
      const { id, secret } = JSON.parse(created.err[0] ?? '') as { id: string; secret: string };
      expect(created.out[0]).not.toContain(secret);
      await sql.raw(created.out[0] ?? '').execute(storage.db);
      expect(await findKeyBySecret(storage.db, secret)).toMatchObject({
        id,
        name: "o'brien",
        permissions: ['auth'],
        workspaceIds: [3],
        revokedAt: null,
      });
      const revoked = await printed(['revoke', id, '--sql']);
      expect(revoked).toMatchObject({ code: 0, err: [] });
      await sql.raw(revoked.out[0] ?? '').execute(storage.db);
      expect((await findKeyBySecret(storage.db, secret))?.revokedAt).toBe(now.toISOString());
    } finally {
      await storage.close();
    }
  });

  it('refuses --sql on list, which reads', () => {
    expect(() => parseKeysCommand(['list', '--sql'], now)).toThrow('list takes no options, got --sql');
  });
});
