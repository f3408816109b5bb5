import { managementKinds } from '@wsadmin/contract';
import { clean, freshWorkspace } from './arrange';
import type { ResourceCase } from './resource';
import type { Body } from './schemas';

/**
 * The older endpoints of time series, dimensions and measures. Their objects are the management
 * kinds' objects, so omitted fields default as the kinds declare (docs/spec-gaps.md, "Time series,
 * dimensions, measures").
 */

type Ctx = { workspaceId: number };

/** A keyword (first of `names`, trimmed) is unique within its kind in a workspace: a 409 by design. */
function distinctKeywords(items: Body[]): boolean {
  const keywords = items
    .map((item) => (item.names as unknown[] | undefined)?.[0])
    .filter((keyword) => keyword !== undefined)
    .map((keyword) => String(keyword).trim());
  return new Set(keywords).size === keywords.length;
}

const inWorkspace = {
  arrange: freshWorkspace,
  clean,
  scope: (ctx: Ctx) => ({ workspaceId: ctx.workspaceId }),
  together: distinctKeywords,
};

const { format, description, table, field } = managementKinds['time-series'].defaults;

export const timeSeriesCase: ResourceCase<Ctx> = {
  ...inWorkspace,
  label: 'time series',
  key: { field: 'id', param: 'timeSeriesId' },
  create: {
    one: 'createTimeSeries',
    many: { operationId: 'createTimeSeriesBatch', fields: ['timeSeries'] },
    defaults: managementKinds['time-series'].defaults,
  },
  update: {
    one: 'updateTimeSeries',
    many: { operationId: 'updateTimeSeriesBatch', fields: ['timeSeries'] },
    // A PUT replaces: omitted texts become "" (defaultTimeFunc, which the body cannot hold, stays).
    defaults: { format, description, table, field },
    seed: (index) => ({ type: 'string', names: [`seed ${index}`], timeUnit: 'day' }),
  },
  read: { detail: 'getTimeSeries', list: 'listTimeSeries' },
};

// The older answers carry `baseField` only for the mapping type, so no default is read for it.
const { baseField: _absent, ...dimensionDefaults } = managementKinds.dimensions.defaults;

export const dimensionCase: ResourceCase<Ctx> = {
  ...inWorkspace,
  label: 'dimension',
  key: { field: 'id', param: 'dimensionId' },
  create: {
    many: { operationId: 'createDimensions', fields: ['dimensions'] },
    defaults: dimensionDefaults,
  },
  update: {
    // The spec's key is `measures` (sic); `dimensions` is the alias the contract accepts.
    many: { operationId: 'updateDimensions', fields: ['measures', 'dimensions'] },
    seed: (index) => ({ type: 'string', format: '', names: [`seed ${index}`] }),
  },
  read: { list: 'listDimensions' },
};

export const measureCase: ResourceCase<Ctx> = {
  ...inWorkspace,
  label: 'measure',
  key: { field: 'id', param: 'measureId' },
  create: {
    many: { operationId: 'createMeasures', fields: ['measures'] },
    defaults: managementKinds.measures.defaults,
  },
  update: {
    many: { operationId: 'updateMeasures', fields: ['measures'] },
    seed: (index) => ({ names: [`seed ${index}`] }),
  },
  read: { list: 'listMeasures' },
};
