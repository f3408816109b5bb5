import { expect as standaloneExpect } from 'expect';
import { describe, expect, it } from 'vitest';
import { httpTarget } from '../http-target';
import { groupNames } from '../run';
import { scenarioView } from '../scenario-target';
import { type Expect, NotRunError, it as suiteIt, titleOf, withTestHost } from '../test-api';
import { parseCommand, UsageError } from './args';
import { collectingHost } from './runner';
import { changeRecorder, groupSummary } from './summary';

describe('the command line', () => {
  const base = ['--base-url', 'http://127.0.0.1:8787', '--key', 'wsk_x'];
  it.each<[string, string[], Record<string, string>, unknown]>([
    ['help', ['--help'], {}, { command: 'help' }],
    ['the groups', ['--list-groups'], {}, { command: 'list-groups' }],
    ['every group by default', base, {}, { command: 'run', groups: groupNames, runs: 10 }],
    [
      'chosen groups',
      [...base, '--group', 'protocol', '--group', 'round-trip'],
      {},
      { groups: ['protocol', 'round-trip'] },
    ],
    ['the key from WSADMIN_KEY', ['--base-url', 'http://h:1'], { WSADMIN_KEY: 'k' }, { key: 'k' }],
    [
      'the CI options',
      [
        ...base,
        '--keys-command',
        ' DATABASE_URL=sqlite:./db.sqlite npx wsadmin-keys ',
        '--test-clock',
        '--junit',
        'reports/conformance.xml',
        '--progress',
        'lines',
      ],
      {},
      {
        keysCommand: 'DATABASE_URL=sqlite:./db.sqlite npx wsadmin-keys',
        testClock: true,
        junit: 'reports/conformance.xml',
        progress: 'lines',
      },
    ],
    [
      'the keys command from WSADMIN_KEYS_COMMAND',
      base,
      { WSADMIN_KEYS_COMMAND: 'npx wsadmin-keys' },
      { keysCommand: 'npx wsadmin-keys' },
    ],
    ['--progress none', [...base, '--progress', 'none'], {}, { progress: 'none' }],
  ])('reads %s', (_name, argv, env, want) => {
    expect(parseCommand(argv, env)).toMatchObject(want as object);
  });

  it('has no keys command, clock or report by default, and shows progress as the terminal allows', () => {
    expect(parseCommand(base, {})).toEqual({
      command: 'run',
      baseUrl: 'http://127.0.0.1:8787',
      key: 'wsk_x',
      groups: groupNames,
      runs: 10,
      testClock: false,
      progress: 'auto',
    });
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown flag', [...base, '--bogus'], /bogus/],
    ['a missing base URL', ['--key', 'k'], /--base-url is required/],
    ['a base URL that is not http', ['--base-url', 'ftp://x', '--key', 'k'], /must be an http/],
    ['a missing key', ['--base-url', 'http://h:1'], /--key is required/],
    ['an unknown group', [...base, '--group', 'nope'], /unknown group nope/],
    ['runs that are not a whole number', [...base, '--runs', '0.5'], /--runs must be a whole number/],
    ['an empty keys command', [...base, '--keys-command', '  '], /--keys-command is empty/],
    ['a JUnit report without a file', [...base, '--junit', ''], /--junit needs a file name/],
    [
      'an unknown progress mode',
      [...base, '--progress', 'fancy'],
      /--progress must be one of auto, live, lines, none/,
    ],
    ['a value given to --test-clock', [...base, '--test-clock=http://h/'], /test-clock/],
  ])('refuses %s with a UsageError naming it', (_name, argv, message) => {
    expect(() => parseCommand(argv, {})).toThrow(UsageError);
    expect(() => parseCommand(argv, {})).toThrow(message);
  });
});

describe('it.each titles, as vitest and Jest make them', () => {
  it.each<[string, unknown, number, string]>([
    ['%s takes a string as it is', ['a b', 1], 0, 'a b takes a string as it is'],
    ['%d and %i numbers', [2.5, 2.5], 0, '2.5 and 2 numbers'],
    ['%j as JSON', [{ a: 1 }], 0, '{"a":1} as JSON'],
    ['row %# of the table', ['x'], 3, 'row 3 of the table'],
    ['$name from an object row', { name: 'dims' }, 0, "'dims' from an object row"],
    ['100%% literal', ['x'], 0, '100% literal'],
  ])('%s', (template, row, index, want) => {
    expect(titleOf(template, row, index)).toBe(want);
  });
});

describe('the runner and its summary', () => {
  it('runs each test once, in order; a failure, a pass and a target lacking a capability each end as such', async () => {
    const runner = collectingHost(standaloneExpect as unknown as Expect, 1_000);
    const target = scenarioView(httpTarget({ baseUrl: 'http://127.0.0.1:1', key: 'k' }));
    const order: string[] = [];
    withTestHost(runner.host, () => {
      runner.host.describe('alpha', () => {
        suiteIt('passes', () => {
          order.push('passes');
        });
        suiteIt('fails', () => {
          order.push('fails');
          standaloneExpect(1).toBe(2);
        });
      });
      runner.host.describe('beta', () => {
        suiteIt('needs a clock', async () => {
          order.push('clock');
          await target.advanceClock(1);
        });
        suiteIt.each([[1], [2]])('row %s', (n) => {
          order.push(`row ${n}`);
        });
      });
    });
    const started: string[] = [];
    const outcomes = await runner.runAll({
      onStart: ({ group, index }) => started.push(`${index} ${group}`),
    });
    expect(started).toEqual(['0 alpha', '1 alpha', '2 beta', '3 beta', '4 beta']);
    expect(order).toEqual(['passes', 'fails', 'clock', 'row 1', 'row 2']);
    expect(outcomes.map(({ name, status }) => `${name}: ${status}`)).toEqual([
      'alpha > passes: passed',
      'alpha > fails: failed',
      'beta > needs a clock: not run',
      'beta > row 1: passed',
      'beta > row 2: passed',
    ]);
    expect(groupSummary(outcomes)).toEqual([
      '  alpha  1 passed, 1 failed, 0 not run',
      "  beta   2 passed, 0 failed, 1 not run (1 needs a target that can move the server's clock)",
    ]);
  });

  it('fails a test that outlives its time limit', async () => {
    const runner = collectingHost(standaloneExpect as unknown as Expect, 20);
    withTestHost(runner.host, () => suiteIt('hangs', () => new Promise(() => {})));
    expect((await runner.runAll())[0]).toMatchObject({ status: 'failed', detail: 'timed out after 20 ms' });
  });

  it('a NotRunError under a host without skip is recorded, not failed', async () => {
    const runner = collectingHost(standaloneExpect as unknown as Expect);
    const notRun = withTestHost(
      { ...runner.host, it: (name, test) => runner.host.it(name, () => test()) },
      () =>
        suiteIt('lacks keys', () => {
          throw new NotRunError('needs a target that can create keys');
        }),
    );
    expect((await runner.runAll())[0]?.status).toBe('passed');
    expect(notRun).toEqual([{ test: 'lacks keys', reason: 'needs a target that can create keys' }]);
  });

  it('counts what successful requests created and deleted, by kind', () => {
    const changes = changeRecorder();
    changes.record('POST', 'http://h/openapi/v1/workspaces/', 200);
    changes.record('POST', 'http://h/openapi/v1/workspaces/', 200);
    changes.record('POST', 'http://h/openapi/v1/workspaces/', 400);
    changes.record('DELETE', 'http://h/openapi/v1/workspaces/7/', 200);
    changes.record('POST', 'http://h/openapi/v1/accounts/create-accounts/', 200);
    changes.record('GET', 'http://h/openapi/v1/accounts/', 200);
    expect(changes.report('http://h')).toEqual([
      'Left behind on http://h (the suite cannot delete everything it made; use a throwaway database):',
      '  workspaces: 2 create requests, 1 delete requests',
      '  accounts: 1 create requests',
    ]);
    expect(changeRecorder().report('http://h')).toEqual(['Left behind on http://h: nothing was created.']);
  });
});
