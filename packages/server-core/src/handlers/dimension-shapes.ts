import {
  type Dimension,
  type DimensionCreate,
  type DimensionUpdate,
  dimensionKind,
  MAPPING_TYPE,
} from '@wsadmin/contract';
import type { z } from 'zod';
import type { ModelReferences } from '../queries/model-references';
import type { Definition, StoredObject } from '../queries/objects';
import { presentFields } from '../queries/semantic-objects';

/** A new dimension: the full management definition, `baseField` null unless mapping. */
export function newDimensionDefinition(item: z.output<typeof DimensionCreate>): Definition<'dimensions'> {
  return { ...dimensionKind.defaults, ...presentFields(item), baseField: item.baseField ?? null };
}

/**
 * An update gives the whole item; optional fields it omits keep their stored value, except
 * `baseField`, which follows the type (the contract requires it with `mapping` and refuses it
 * otherwise), so a dimension that stops being a mapping loses its mapping table.
 */
export function updatedDimensionDefinition(
  stored: Definition<'dimensions'>,
  { id: _id, ...item }: z.output<typeof DimensionUpdate>,
): Definition<'dimensions'> {
  return { ...stored, ...presentFields(item), baseField: item.baseField ?? null };
}

export function toDimension(
  object: StoredObject<'dimensions'>,
  references: ModelReferences,
): z.input<typeof Dimension> {
  return { ...dimensionItem(object), ...dimensionUsage(references) };
}

/** What a dimension answer holds from the dimension itself (lists cache it as text). */
export function dimensionItem(object: StoredObject<'dimensions'>) {
  const { baseField, ...d } = object.definition;
  return {
    id: object.id,
    type: d.type,
    format: d.format,
    names: d.names,
    rating: d.rating,
    description: d.description,
    isKeyword: d.isKeyword,
    autoGroup: d.autoGroup,
    ...(d.type === MAPPING_TYPE && baseField !== null && { baseField }),
    enableSubDimensionExplorer: d.enableSubDimensionExplorer,
    keywordFilters: d.keywordFilters,
    subDimensions: d.subDimensions,
  };
}

/** Shared by every dimension no model lists, so a list serialises it once (object-list-text.ts). */
const UNUSED: { models: ModelReferences['published']; used: boolean } = { models: [], used: false };

/** The models that list a dimension, published first: the last keys of its answer. */
export function dimensionUsage(references: ModelReferences) {
  const models = [...references.published, ...references.drafts];
  return models.length === 0 ? UNUSED : { models, used: true };
}
