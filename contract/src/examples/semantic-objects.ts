import type { z } from 'zod';
import type { DimensionCreate } from '../resources/dimensions';
import type { MeasureCreate } from '../resources/measures';
import type { TimeSeriesWrite } from '../resources/time-series';
import type { ExamplesOf } from './example';
import { EXAMPLE_NEXT_ID, exampleWorld } from './values';

/** Time series, dimensions and measures of the example workspace. */
const { workspace, timeSeries, dimension, measure } = exampleWorld;
const params = { workspaceId: workspace.id };
const { id: _tsId, defaultTimeFunc: _f, used: _u, ...timeSeriesWrite } = timeSeries;
const shipDate = {
  type: 'date',
  names: ['ship date'],
  timeUnit: 'day',
  format: 'yyyy-MM-dd',
  description: 'Day the order shipped',
  table: 'orders',
  field: 'ship_date',
} satisfies z.input<typeof TimeSeriesWrite>;
const shipDateSeries = { ...shipDate, id: EXAMPLE_NEXT_ID, defaultTimeFunc: null, used: false };
const channel = {
  type: 'string',
  format: 'text',
  names: ['channel'],
  description: 'Sales channel',
} satisfies z.input<typeof DimensionCreate>;
const channelDimension = {
  ...dimension,
  ...channel,
  id: EXAMPLE_NEXT_ID,
};
const profit = { names: ['profit'], description: 'Revenue minus cost', sort: -1 } satisfies z.input<
  typeof MeasureCreate
>;

export const timeSeriesExamples = {
  listTimeSeries: {
    params,
    data: [
      {
        id: timeSeries.id,
        type: timeSeries.type,
        names: timeSeries.names,
        format: timeSeries.format,
        description: timeSeries.description,
        timeUnit: timeSeries.timeUnit,
        defaultTimeFunc: null,
        used: false,
      },
    ],
  },
  getTimeSeries: { params: { ...params, timeSeriesId: timeSeries.id }, data: timeSeries },
  createTimeSeries: { params, body: shipDate, data: shipDateSeries },
  updateTimeSeries: {
    params: { ...params, timeSeriesId: timeSeries.id },
    body: { ...timeSeriesWrite, timeUnit: 'month', format: 'yyyy-MM' },
    data: { ...timeSeries, timeUnit: 'month', format: 'yyyy-MM' },
  },
  deleteTimeSeries: { params: { ...params, timeSeriesId: timeSeries.id } },
  createTimeSeriesBatch: { params, body: { timeSeries: [shipDate] }, data: [shipDateSeries] },
  updateTimeSeriesBatch: {
    params,
    body: { timeSeries: [{ ...timeSeriesWrite, id: timeSeries.id, description: 'Order day (UTC)' }] },
    data: [{ ...timeSeries, description: 'Order day (UTC)' }],
  },
  deleteTimeSeriesBatch: { params, body: { timeSeriesIds: [timeSeries.id] } },
} satisfies ExamplesOf<
  | 'listTimeSeries'
  | 'getTimeSeries'
  | 'createTimeSeries'
  | 'updateTimeSeries'
  | 'deleteTimeSeries'
  | 'createTimeSeriesBatch'
  | 'updateTimeSeriesBatch'
  | 'deleteTimeSeriesBatch'
>;

export const dimensionExamples = {
  listDimensions: { params, data: [dimension] },
  createDimensions: { params, body: { dimensions: [channel] }, data: [channelDimension] },
  updateDimensions: {
    params,
    body: {
      measures: [
        {
          id: dimension.id,
          type: dimension.type,
          format: dimension.format,
          names: dimension.names,
          rating: 5,
        },
      ],
    },
    data: [{ ...dimension, rating: 5 }],
  },
  deleteDimensions: { params, body: { dimensionIds: [dimension.id] } },
} satisfies ExamplesOf<'listDimensions' | 'createDimensions' | 'updateDimensions' | 'deleteDimensions'>;

export const measureExamples = {
  listMeasures: { params, data: [measure] },
  createMeasures: { params, body: { measures: [profit] }, data: [{ ...profit, id: EXAMPLE_NEXT_ID }] },
  updateMeasures: {
    params,
    body: { measures: [{ id: measure.id, description: 'Order value after discounts' }] },
    data: [{ ...measure, description: 'Order value after discounts' }],
  },
  deleteMeasures: { params, body: { measureIds: [measure.id] } },
} satisfies ExamplesOf<'listMeasures' | 'createMeasures' | 'updateMeasures' | 'deleteMeasures'>;
