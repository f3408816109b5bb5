import { parseServerArguments, SETTINGS, serverUsage } from '@wsadmin/server-core/server-kit';
import { describe, expect, it } from 'vitest';
import { commandName } from '../src/command-name';

describe('parseServerArguments', () => {
  it.each([
    ['nothing', { given: [], want: { action: 'start' } }],
    ['--help', { given: ['--help'], want: { action: 'help' } }],
    ['-h', { given: ['-h'], want: { action: 'help' } }],
    ['--version', { given: ['--version'], want: { action: 'version' } }],
    ['-v', { given: ['-v'], want: { action: 'version' } }],
    ['--help wins over --version', { given: ['--version', '--help'], want: { action: 'help' } }],
    [
      'an unknown option',
      {
        given: ['--port', '9000'],
        want: {
          action: 'refuse',
          problem:
            'unknown option "--port": settings are environment variables (listed below), e.g. PORT=9000',
        },
      },
    ],
    [
      'an unknown option after a known one',
      {
        given: ['--help', '--verbose'],
        want: { action: 'refuse', problem: expect.stringContaining('"--verbose"') },
      },
    ],
    [
      'a positional argument',
      {
        given: ['serve'],
        want: {
          action: 'refuse',
          problem: 'unexpected argument "serve": settings are environment variables (listed below)',
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(parseServerArguments(given)).toEqual(want);
  });
});

describe('the usage', () => {
  it('lists every setting with its default, under the name the command was called by', () => {
    const usage = serverUsage('npm start --');
    expect(usage.split('\n')[0]).toBe('Usage: npm start -- [--help | --version]');
    for (const setting of SETTINGS)
      expect(usage).toContain(`  ${setting.name} (default: ${setting.default})`);
    expect(usage).toMatch(/Exit codes: 0 .*; 1 could not start/);
  });

  it('stays within 100 columns', () => {
    for (const line of serverUsage('wsadmin-server').split('\n'))
      expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe('commandName', () => {
  const script = '/repo/packages/server/src/bin/keys.ts';
  it.each([
    ["npm's bin link", { given: ['/app/node_modules/.bin/wsadmin-keys', {}], want: 'wsadmin-keys' }],
    [
      'npx, inside some npm script',
      {
        given: [
          '/app/node_modules/.bin/wsadmin-keys',
          { npm_lifecycle_event: 'npx', npm_lifecycle_script: 'wsadmin-keys' },
        ],
        want: 'wsadmin-keys',
      },
    ],
    [
      "this repository's npm run keys",
      {
        given: [
          script,
          {
            npm_lifecycle_event: 'keys',
            npm_lifecycle_script: 'node --import tsx packages/server/src/bin/keys.ts',
          },
        ],
        want: 'npm run keys --',
      },
    ],
    [
      "this repository's npm start",
      {
        given: [
          '/repo/packages/server/src/bin/start.ts',
          {
            npm_lifecycle_event: 'start',
            npm_lifecycle_script: 'node --import tsx packages/server/src/bin/start.ts',
          },
        ],
        want: 'npm start --',
      },
    ],
    [
      'a child of another npm script (npm test)',
      {
        given: [script, { npm_lifecycle_event: 'test', npm_lifecycle_script: 'vitest run' }],
        want: 'wsadmin-keys',
      },
    ],
    ['node dist/bin/keys.mjs', { given: ['/app/dist/bin/keys.mjs', {}], want: 'wsadmin-keys' }],
  ] as const)('%s', (_name, { given: [called, env], want }) => {
    expect(commandName('wsadmin-keys', called, env)).toBe(want);
  });
});
