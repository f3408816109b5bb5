import { Measure, type MeasureCreate, type MeasureUpdate, measureKind } from '@wsadmin/contract';
import type { z } from 'zod';
import { answerReader, defineDocumentMapping, documentOf, key } from './document';
import { DEFINITION_COLUMN, type Definition, type ObjectRecord, objectId } from './objects';

type Stored = Definition<'measures'>;

/** Every field of the older endpoints' answer and bodies, and of the management definition. */
export type MeasureFields = z.output<typeof Measure> &
  z.output<typeof MeasureCreate> &
  z.output<typeof MeasureUpdate> &
  Stored;

export const measureMapping = defineDocumentMapping<MeasureFields, Stored>()('measure', [DEFINITION_COLUMN], {
  id: objectId(),
  names: key('names'),
  description: key('description'),
  sort: key('sort'),
  // Management only: the older endpoints neither show nor write them, so their updates keep them.
  expression: key('expression'),
  dimensionIds: key('dimensionIds'),
});

/** A new measure: the older API has no `expression` or `dimensionIds`, so they take their defaults. */
export function newMeasureDefinition(item: z.output<typeof MeasureCreate>): Stored {
  return { ...measureKind.defaults, ...documentOf(measureMapping, item) } as Stored;
}

/** An update: omitted fields, and the management-only `expression` and `dimensionIds`, keep their value. */
export function updatedMeasureDefinition(stored: Stored, changes: z.output<typeof MeasureUpdate>): Stored {
  return { ...stored, ...documentOf(measureMapping, changes) };
}

const readMeasure = answerReader(measureMapping, Measure);

export const toMeasure = (object: ObjectRecord<'measures'>) => readMeasure(object.definition, object);
