import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { DataType, Id, IdParam, LongText, Names, orNull, ShortText, TimeUnit } from '../primitives';
import { API, batchOf, WorkspacePath } from './common';

export const DefaultTimeFunc = z
  .strictObject({
    aggregation: z.enum(['sum', 'avg', 'min', 'max', 'count', 'first', 'last']),
    timeUnit: TimeUnit,
  })
  .meta({
    id: 'DefaultTimeFunc',
    description: 'Automatic aggregation mode (shape not shown in the spec; see docs/spec-gaps.md).',
  });

const descriptive = {
  type: DataType,
  names: Names,
  format: ShortText.meta({
    description: 'Display format, e.g. `yyyy-MM-dd` (values not shown in the spec).',
  }),
  description: LongText,
  timeUnit: TimeUnit,
};

const source = {
  table: ShortText.meta({ description: 'Source table.' }),
  field: ShortText.meta({ description: 'Source field.' }),
};

export const TimeSeriesListItem = z
  .object({
    id: Id,
    ...descriptive,
    defaultTimeFunc: orNull(DefaultTimeFunc),
    used: z.boolean().meta({ description: 'Whether a model uses it.' }),
  })
  .meta({ id: 'TimeSeriesListItem' });

export const TimeSeries = TimeSeriesListItem.extend(source).meta({
  id: 'TimeSeries',
  description:
    'Detail and write responses (not shown in the spec beyond the list item): the list item plus `table` and `field`.',
});

/** Body of a single create or update: `format`, `description`, `table` and `field` are optional. */
const writeFields = {
  type: descriptive.type,
  names: descriptive.names,
  timeUnit: descriptive.timeUnit,
  format: descriptive.format.optional(),
  description: descriptive.description.optional(),
  table: source.table.optional(),
  field: source.field.optional(),
};

export const TimeSeriesWrite = z.strictObject(writeFields).meta({
  id: 'TimeSeriesWrite',
  description:
    'Create or update body. `type`, `names` and `timeUnit` are required (spec: not shown); the rest default to "".',
});

export const TimeSeriesBatchUpdateItem = z
  .strictObject({ id: Id, ...writeFields })
  .meta({ id: 'TimeSeriesBatchUpdateItem' });

const TimeSeriesPath = WorkspacePath.extend({ timeSeriesId: IdParam });
const base = `${API}/workspaces/{workspaceId}/time-series/` as const;

export const timeSeriesOperations = {
  listTimeSeries: defineOperation({
    method: 'get',
    path: base,
    tag: 'Time series',
    summary: 'List time series',
    description: 'Answers every time series of the workspace in the list shape.',
    permission: 'workspace',
    storedDataRead: true,
    textAnswer: true,
    params: WorkspacePath,
    data: z.array(TimeSeriesListItem),
  }),
  getTimeSeries: defineOperation({
    method: 'get',
    path: `${base}{timeSeriesId}/`,
    tag: 'Time series',
    summary: 'Get a time series',
    description: 'Answers one time series of the workspace.',
    permission: 'workspace',
    storedDataRead: true,
    params: TimeSeriesPath,
    data: TimeSeries,
  }),
  createTimeSeries: defineOperation({
    method: 'post',
    path: base,
    tag: 'Time series',
    summary: 'Create a time series',
    description:
      'Creates a time series bound to a source table and field. Its keyword (first of `names`) must be unused by another time series of the workspace.',
    permission: 'workspace',
    params: WorkspacePath,
    body: TimeSeriesWrite,
    data: TimeSeries,
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  updateTimeSeries: defineOperation({
    method: 'put',
    path: `${base}{timeSeriesId}/`,
    tag: 'Time series',
    summary: 'Update a time series',
    description: 'Same body as create; the stored time series is replaced by it.',
    permission: 'workspace',
    params: TimeSeriesPath,
    body: TimeSeriesWrite,
    data: TimeSeries,
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  deleteTimeSeries: defineOperation({
    method: 'delete',
    path: `${base}{timeSeriesId}/`,
    tag: 'Time series',
    summary: 'Delete a time series',
    description:
      'Deletes a time series unless a published model uses it (409 naming the models); draft references to it are removed.',
    permission: 'workspace',
    params: TimeSeriesPath,
    errors: [409],
  }),
  createTimeSeriesBatch: defineOperation({
    method: 'post',
    path: `${base}create-time-series/`,
    tag: 'Time series',
    summary: 'Create time series in one batch',
    description: 'All or nothing: an invalid item rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ timeSeries: batchOf(TimeSeriesWrite) }),
    data: z.array(TimeSeries),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  updateTimeSeriesBatch: defineOperation({
    method: 'put',
    path: `${base}update-time-series/`,
    tag: 'Time series',
    summary: 'Update time series in one batch',
    description:
      'All or nothing: an invalid item or unknown id rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ timeSeries: batchOf(TimeSeriesBatchUpdateItem) }),
    data: z.array(TimeSeries),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  deleteTimeSeriesBatch: defineOperation({
    method: 'delete',
    path: `${base}delete-time-series/`,
    tag: 'Time series',
    summary: 'Delete time series in one batch',
    description:
      'All or nothing: an unknown id rejects the batch and the error names its index. An id named twice is deleted once.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ timeSeriesIds: batchOf(Id) }),
    errors: [409],
  }),
};
