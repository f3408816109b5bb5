import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import type { ManagementCollection } from '../types';
import { changedObjects } from './invalidation';
import { wsadminKeys } from './keys';

const { of, workspaces } = wsadminKeys;

/** Cached queries of workspace 7 (and one of workspace 8), each named for the table below. */
const cached: Record<string, QueryKey> = {
  'workspace 7': workspaces.detail(7),
  'legacy time-series list': of('listTimeSeries', 7),
  'legacy time series 3': of('getTimeSeries', 7, 3),
  'legacy time series 4': of('getTimeSeries', 7, 4),
  'legacy dimensions list': of('listDimensions', 7),
  'legacy measures list': of('listMeasures', 7),
  'time-series list': of('listManagedTimeSeries', 7),
  'time series 3': of('getManagedTimeSeries', 7, 3),
  'dimensions list': of('listManagedDimensions', 7),
  'dimension 3': of('getManagedDimension', 7, 3),
  'dimension 4': of('getManagedDimension', 7, 4),
  'measure 3': of('getManagedMeasure', 7, 3),
  'dimension-table 3': of('getManagedDimensionTable', 7, 3),
  'models list': of('listManagedModels', 7),
  'model 3': of('getManagedModel', 7, 3),
  'sop 3': of('getManagedSop', 7, 3),
  'impacts of dimension 4': of('getManagementImpacts', 7, 'dimensions', 4),
  'operation op-1': of('getManagementOperation', 7, 'op-1'),
  'dimensions list of workspace 8': of('listManagedDimensions', 8),
};

const impacts = 'impacts of dimension 4';

const cases: Array<[ManagementCollection, number[], string[]]> = [
  [
    'time-series',
    [3],
    ['legacy time-series list', 'legacy time series 3', 'time-series list', 'time series 3', impacts],
  ],
  ['dimensions', [3], ['legacy dimensions list', 'dimensions list', 'dimension 3', impacts]],
  ['dimensions', [], ['legacy dimensions list', 'dimensions list', impacts]],
  ['measures', [3], ['legacy measures list', 'measure 3', impacts]],
  ['sops', [3], ['sop 3', impacts]],
  [
    'models',
    [3],
    [
      'models list',
      'model 3',
      impacts,
      // usedByModels in the details of the kinds a model references
      'time series 3',
      'dimension 3',
      'dimension 4',
      'measure 3',
      'dimension-table 3',
    ],
  ],
];

describe('changedObjects: what a change of configuration objects makes stale', () => {
  it.each(cases)('%s %j', async (collection, ids, expected) => {
    const queryClient = new QueryClient();
    for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
    for (const filters of changedObjects(7, collection, ids)) await queryClient.invalidateQueries(filters);
    const invalidated = Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated.sort()).toEqual([...expected].sort());
  });
});
