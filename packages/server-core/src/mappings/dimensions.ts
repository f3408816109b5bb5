import {
  Dimension,
  type DimensionCreate,
  type DimensionUpdate,
  dimensionKind,
  MAPPING_TYPE,
} from '@wsadmin/contract';
import type { z } from 'zod';
import { answerReader, defineDocumentMapping, documentOf, key } from './document';
import { DEFINITION_COLUMN, type Definition, type ObjectRecord, objectId, usedByModels } from './objects';

type Stored = Definition<'dimensions'>;

/** Every field of the older endpoints' answer and bodies, and of the management definition. */
export type DimensionFields = z.output<typeof Dimension> &
  z.output<typeof DimensionCreate> &
  z.output<typeof DimensionUpdate> &
  Stored;

export const dimensionMapping = defineDocumentMapping<DimensionFields, Stored>()(
  'dimension',
  [DEFINITION_COLUMN],
  {
    id: objectId(),
    type: key('type'),
    format: key('format'),
    names: key('names'),
    rating: key('rating'),
    description: key('description'),
    isKeyword: key('isKeyword'),
    autoGroup: key('autoGroup'),
    // Stored as null when the dimension is no mapping (the management form); answered only with one.
    baseField: {
      kind: 'key',
      key: 'baseField',
      read: (value: Stored['baseField'], dimension: Stored) =>
        dimension.type === MAPPING_TYPE && value !== null ? value : undefined,
    },
    enableSubDimensionExplorer: key('enableSubDimensionExplorer'),
    keywordFilters: key('keywordFilters'),
    subDimensions: key('subDimensions'),
    models: usedByModels(),
    used: usedByModels(),
  },
);

/** A new dimension: the full management definition, `baseField` null unless mapping. */
export function newDimensionDefinition(item: z.output<typeof DimensionCreate>): Stored {
  return {
    ...dimensionKind.defaults,
    ...documentOf(dimensionMapping, item),
    baseField: item.baseField ?? null,
  } as Stored;
}

/**
 * An update gives the whole item; optional fields it omits keep their stored value, except
 * `baseField`, which follows the type (the contract requires it with `mapping` and refuses it
 * otherwise), so a dimension that stops being a mapping loses its mapping table.
 */
export function updatedDimensionDefinition(stored: Stored, item: z.output<typeof DimensionUpdate>): Stored {
  return { ...stored, ...documentOf(dimensionMapping, item), baseField: item.baseField ?? null };
}

/** Which models list a dimension: the last keys of its answer. */
export type DimensionUsage = Pick<z.input<typeof Dimension>, 'models' | 'used'>;
type ModelRefs = DimensionUsage['models'];

/** Shared by every dimension no model lists, so a list serialises it once (object-list-text.ts). */
const UNUSED: DimensionUsage = { models: [], used: false };

/** The models that list a dimension, published first. */
export function dimensionUsage(references: { published: ModelRefs; drafts: ModelRefs }): DimensionUsage {
  const models = [...references.published, ...references.drafts];
  return models.length === 0 ? UNUSED : { models, used: true };
}

const readItem = answerReader(dimensionMapping, Dimension, ['models', 'used']);
const readAnswer = answerReader(dimensionMapping, Dimension);

/** What a dimension answer holds from the dimension itself (lists cache it as text). */
export const dimensionItem = (object: ObjectRecord<'dimensions'>) => readItem(object.definition, object);

export const toDimension = (object: ObjectRecord<'dimensions'>, usage: DimensionUsage) =>
  readAnswer(object.definition, object, usage);
