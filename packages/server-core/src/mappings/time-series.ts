import { TimeSeries, TimeSeriesListItem, type TimeSeriesWrite, timeSeriesKind } from '@wsadmin/contract';
import type { z } from 'zod';
import { answerReader, defineDocumentMapping, documentOf, key } from './document';
import { DEFINITION_COLUMN, type Definition, type ObjectRecord, objectId, usedByModels } from './objects';

type Stored = Definition<'time-series'>;

/** Every field of the older endpoints' answers and bodies, and of the management definition. */
export type TimeSeriesFields = z.output<typeof TimeSeries> & z.output<typeof TimeSeriesWrite> & Stored;

export const timeSeriesMapping = defineDocumentMapping<TimeSeriesFields, Stored>()(
  'time series',
  [DEFINITION_COLUMN],
  {
    id: objectId(),
    type: key('type'),
    names: key('names'),
    format: key('format'),
    description: key('description'),
    timeUnit: key('timeUnit'),
    // Management only: the older body has no such field, and a PUT keeps the stored one.
    defaultTimeFunc: key('defaultTimeFunc'),
    table: key('table'),
    field: key('field'),
    used: usedByModels(),
  },
);

/**
 * The stored definition written by a create or a PUT: the body replaces the time series, so
 * omitted optional fields take their defaults (""). `defaultTimeFunc` is not part of the older
 * body and keeps its stored value (null on create).
 */
export function timeSeriesDefinition(body: z.output<typeof TimeSeriesWrite>, stored?: Stored): Stored {
  // The contract requires `type`, `names` and `timeUnit` in the body, so the result is whole.
  return {
    ...timeSeriesKind.defaults,
    ...documentOf(timeSeriesMapping, body),
    defaultTimeFunc: stored?.defaultTimeFunc ?? timeSeriesKind.defaults.defaultTimeFunc,
  } as Stored;
}

const USED = { used: true };
const UNUSED = { used: false };
const readListBody = answerReader(timeSeriesMapping, TimeSeriesListItem, ['used']);
const readListItem = answerReader(timeSeriesMapping, TimeSeriesListItem);
const readDetail = answerReader(timeSeriesMapping, TimeSeries);

/** A list item without `used`, its last key (lists cache this part as text). */
export const timeSeriesListBody = (object: ObjectRecord<'time-series'>) =>
  readListBody(object.definition, object);

export const toTimeSeriesListItem = (object: ObjectRecord<'time-series'>, used: boolean) =>
  readListItem(object.definition, object, used ? USED : UNUSED);

/** Detail and write answers: the list item plus the source binding. */
export const toTimeSeries = (object: ObjectRecord<'time-series'>, used: boolean) =>
  readDetail(object.definition, object, used ? USED : UNUSED);
