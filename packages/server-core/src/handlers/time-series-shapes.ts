import {
  type TimeSeries,
  type TimeSeriesListItem,
  type TimeSeriesWrite,
  timeSeriesKind,
} from '@wsadmin/contract';
import type { z } from 'zod';
import type { Definition, StoredObject } from '../queries/objects';
import { presentFields } from '../queries/semantic-objects';

/**
 * The stored definition written by a create or a PUT: the body replaces the time series, so
 * omitted optional fields take their defaults (""). `defaultTimeFunc` is not part of the older
 * body and keeps its stored value (null on create).
 */
export function timeSeriesDefinition(
  body: z.output<typeof TimeSeriesWrite>,
  stored?: Definition<'time-series'>,
): Definition<'time-series'> {
  return {
    ...timeSeriesKind.defaults,
    ...presentFields(body),
    defaultTimeFunc: stored?.defaultTimeFunc ?? timeSeriesKind.defaults.defaultTimeFunc,
  };
}

export function toTimeSeriesListItem(
  object: StoredObject<'time-series'>,
  used: boolean,
): z.input<typeof TimeSeriesListItem> {
  return { ...timeSeriesListBody(object), used };
}

/** A list item without `used`, its last key (lists cache this part as text). */
export function timeSeriesListBody(object: StoredObject<'time-series'>) {
  const d = object.definition;
  return {
    id: object.id,
    type: d.type,
    names: d.names,
    format: d.format,
    description: d.description,
    timeUnit: d.timeUnit,
    defaultTimeFunc: d.defaultTimeFunc,
  };
}

/** Detail and write answers: the list item plus the source binding. */
export function toTimeSeries(object: StoredObject<'time-series'>, used: boolean): z.input<typeof TimeSeries> {
  return {
    ...toTimeSeriesListItem(object, used),
    table: object.definition.table,
    field: object.definition.field,
  };
}
