import { type Measure, type MeasureCreate, type MeasureUpdate, measureKind } from '@wsadmin/contract';
import type { z } from 'zod';
import type { Definition, StoredObject } from '../queries/objects';
import { presentFields } from '../queries/semantic-objects';

/** A new measure: the older API has no `expression` or `dimensionIds`, so they take their defaults. */
export function newMeasureDefinition(item: z.output<typeof MeasureCreate>): Definition<'measures'> {
  return { ...measureKind.defaults, ...presentFields(item) };
}

/** An update: omitted fields, and the management-only `expression` and `dimensionIds`, keep their value. */
export function updatedMeasureDefinition(
  stored: Definition<'measures'>,
  { id: _id, ...changes }: z.output<typeof MeasureUpdate>,
): Definition<'measures'> {
  return { ...stored, ...presentFields(changes) };
}

export function toMeasure(object: StoredObject<'measures'>): z.input<typeof Measure> {
  const { names, description, sort } = object.definition;
  return { id: object.id, names, description, sort };
}
