import { operationEntries } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { coverageGaps } from './coverage';
import { roundTripWrites } from './index';

describe('the round trip covers every writing operation of the contract', () => {
  it('has a case for each operation that is not a GET, a DELETE or a documented exclusion', () => {
    const covered = roundTripWrites();
    expect(coverageGaps(operationEntries, covered)).toEqual([]);
    // The walk found the real cases, not an empty list that trivially passes.
    expect(covered).toEqual(expect.arrayContaining(['createAccounts', 'setMemberGroupRowPermission']));
  });
});

describe('coverageGaps', () => {
  const post = { method: 'post' } as const;
  const get = { method: 'get' } as const;
  const del = { method: 'delete' } as const;
  it.each<
    [
      string,
      {
        entries: Array<[string, { method: 'get' | 'post' | 'delete' }]>;
        covered: string[];
        excluded?: Record<string, string>;
        want: string[];
      },
    ]
  >([
    [
      'nothing to cover',
      {
        entries: [
          ['listThings', get],
          ['deleteThing', del],
        ],
        covered: [],
        want: [],
      },
    ],
    ['a covered write passes', { entries: [['createThing', post]], covered: ['createThing'], want: [] }],
    [
      'a write without a case is named',
      {
        entries: [['createThing', post]],
        covered: [],
        want: ['createThing: writes, and has no round-trip case'],
      },
    ],
    [
      'an excluded write passes',
      { entries: [['lookUp', post]], covered: [], excluded: { lookUp: 'reads' }, want: [] },
    ],
    [
      'an exclusion of an operation that is gone is named',
      {
        entries: [],
        covered: [],
        excluded: { lookUp: 'reads' },
        want: ['lookUp: excluded, but the contract has no such operation'],
      },
    ],
    [
      'an exclusion that a case covers is named',
      {
        entries: [['lookUp', post]],
        covered: ['lookUp'],
        excluded: { lookUp: 'reads' },
        want: ['lookUp: excluded, but a round-trip case covers it'],
      },
    ],
    [
      'a case naming a read or an unknown operation is named',
      {
        entries: [['listThings', get]],
        covered: ['listThings', 'madeUp'],
        want: [
          'listThings: covered, but it is not a writing operation of the contract',
          'madeUp: covered, but it is not a writing operation of the contract',
        ],
      },
    ],
  ])('%s', (_name, { entries, covered, excluded, want }) => {
    expect(coverageGaps(entries, covered, new Map(Object.entries(excluded ?? {})))).toEqual(want);
  });
});
