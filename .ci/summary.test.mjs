import { describe, expect, it } from 'vitest';
import { summary } from './summary.mjs';

const test = (status, title, ...ancestorTitles) => ({ status, title, ancestorTitles });
const report = (files, counts = {}) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  ...counts,
  testResults: Object.entries(files).map(([name, tests]) => ({
    name: `/repo/${name}`,
    assertionResults: tests,
  })),
});

describe('.ci/summary', () => {
  it.each([
    [
      'a run that stopped before vitest and failed',
      { given: [undefined, '1'], want: ['0 passed, 1 failed'] },
    ],
    [
      'a run that stopped before vitest and passed',
      { given: [undefined, '0'], want: ['0 passed, 0 failed'] },
    ],
    [
      'a clean run: nothing skipped, nothing listed',
      {
        given: [report({ 'a.test.ts': [test('passed', 'works')] }, { numPassedTests: 1 }), '0'],
        want: ['1 passed, 0 failed'],
      },
    ],
    [
      'a failed npm test without a failed test (an unhandled error) counts one failure',
      { given: [report({}, { numPassedTests: 5 }), '1'], want: ['5 passed, 1 failed'] },
    ],
    [
      'skipped tests: a lone one by its whole name, a skipped describe as one line with its count',
      {
        given: [
          report(
            {
              'contract/spec.test.ts': [
                test('skipped', 'is compared: skipped, no document at /x', 'the list'),
              ],
              'packages/pg.test.ts': [
                test('skipped', 'reads', 'on PostgreSQL', 'rows'),
                test('skipped', 'writes', 'on PostgreSQL'),
                test('passed', 'on SQLite'),
              ],
              'b.test.ts': [test('todo', 'later')],
            },
            { numPassedTests: 1 },
          ),
          '0',
        ],
        want: [
          'skipped 4:',
          '  contract/spec.test.ts: the list > is compared: skipped, no document at /x',
          '  packages/pg.test.ts: on PostgreSQL (2 tests)',
          '  b.test.ts: later',
          '1 passed, 0 failed',
        ],
      },
    ],
  ])('%s', (_name, { given: [json, status], want }) => {
    expect(summary(json, status, '/repo')).toEqual(want);
  });
});
