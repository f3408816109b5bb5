import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import {
  DataType,
  Id,
  LongText,
  MAP_ENTRIES_MAX,
  MatchOperator,
  ModelRef,
  Names,
  SHORT_TEXT_MAX,
  ShortText,
} from '../primitives';
import { API, batchOf, WorkspacePath } from './common';

export const MAPPING_TYPE = 'mapping';

export const DimensionType = z.enum([...DataType.options, MAPPING_TYPE]).meta({
  id: 'DimensionType',
  description:
    'Data type of the dimension. The spec does not show which value is the mapping type; it is `mapping` here, and `baseField` is required with it and refused without it.',
});

/**
 * Stored value -> label: both short texts, at most MAP_ENTRIES_MAX entries (docs/spec-gaps.md).
 * zod-to-openapi drops a record's key schema, so `propertyNames` and `maxProperties` are stated here.
 */
const Choice = z
  .record(ShortText, ShortText)
  .refine((choice) => Object.keys(choice).length <= MAP_ENTRIES_MAX, {
    error: `at most ${MAP_ENTRIES_MAX} entries`,
  })
  .meta({
    description: `Mapping table: stored value -> label. At most ${MAP_ENTRIES_MAX} entries; each stored value (key) and each label at most ${SHORT_TEXT_MAX} characters.`,
    maxProperties: MAP_ENTRIES_MAX,
    propertyNames: { type: 'string', maxLength: SHORT_TEXT_MAX },
  });

export const BaseField = z
  .strictObject({
    choice: Choice,
    typeBeforeMap: DataType,
    typeAfterMap: DataType,
  })
  .meta({ id: 'BaseField', description: 'Mapping of a `mapping` dimension.' });

export const KeywordFilter = z
  .strictObject({
    operator: MatchOperator,
    values: z.array(ShortText).max(1000),
  })
  .meta({
    id: 'KeywordFilter',
    description: 'Filter used when synchronising dimension keywords (element shape not shown in the spec).',
  });

export const SubDimension = z.strictObject({ prop: ShortText }).meta({ id: 'SubDimension' });

/** Writable fields; `type`, `format` and `names` are required by the spec. */
export const dimensionFields = {
  type: DimensionType,
  format: ShortText.meta({ description: 'Display type.' }),
  names: Names,
  rating: z.number().int().optional().meta({ description: 'Score. Default 0.' }),
  description: LongText.optional(),
  isKeyword: z.boolean().optional().meta({ description: 'Used as keyword. Default false.' }),
  autoGroup: z.boolean().optional().meta({ description: 'Automatic grouping. Default false.' }),
  baseField: BaseField.optional().meta({
    description: 'Required when `type` is `mapping`, refused otherwise.',
  }),
  enableSubDimensionExplorer: z.boolean().optional().meta({ description: 'Default false.' }),
  keywordFilters: z.array(KeywordFilter).max(100).optional(),
  subDimensions: z.array(SubDimension).max(100).optional(),
};

type MappingCheck = { type: string; baseField?: unknown };

/** The spec's cross-field rule: `baseField` goes with the mapping type and only with it. */
export function checkMapping(value: MappingCheck, ctx: z.RefinementCtx): void {
  if (value.type === MAPPING_TYPE && value.baseField === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['baseField'],
      message: 'baseField is required when type is "mapping"',
    });
  }
  if (value.type !== MAPPING_TYPE && value.baseField !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['baseField'],
      message: 'baseField is only allowed when type is "mapping"',
    });
  }
}

/**
 * `checkMapping` in JSON Schema, for the document: zod-to-openapi cannot render a refinement, and
 * without this a generator would send `baseField` with a non-mapping type (or leave it out of a
 * mapping) as valid. `nullable`: the managed kinds write "no base field" as null, the others omit
 * it. (`then` restates the property's schema by reference: a bare `true` reads as "anything" to
 * generators that merge branches.) `if`/`then`/`else` rather than `anyOf`: openapi-typescript would turn the branches into a
 * union of partial object types.
 */
export function mappingRuleInDocument(nullable: boolean) {
  return {
    if: { properties: { type: { const: MAPPING_TYPE } }, required: ['type'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, not a promise
    then: { properties: { baseField: { $ref: '#/components/schemas/BaseField' } }, required: ['baseField'] },
    else: { properties: { baseField: nullable ? { type: 'null' } : false } },
  };
}

export const DimensionCreate = z
  .strictObject(dimensionFields)
  .superRefine(checkMapping)
  .meta({ id: 'DimensionCreate', ...mappingRuleInDocument(false) });

export const DimensionUpdate = z
  .strictObject({ id: Id, ...dimensionFields })
  .superRefine(checkMapping)
  .meta({
    id: 'DimensionUpdate',
    description: 'A full dimension with its id; optional fields omitted keep their value.',
    ...mappingRuleInDocument(false),
  });

export const Dimension = z
  .object({
    id: Id,
    type: DimensionType,
    format: z.string(),
    names: Names,
    rating: z.number().int(),
    description: z.string(),
    isKeyword: z.boolean(),
    autoGroup: z.boolean(),
    baseField: BaseField.optional().meta({ description: 'Present only for the mapping type.' }),
    enableSubDimensionExplorer: z.boolean(),
    keywordFilters: z.array(KeywordFilter),
    subDimensions: z.array(SubDimension),
    models: z.array(ModelRef).meta({ description: 'Models that reference the dimension.' }),
    used: z.boolean().meta({ description: 'Whether a model references it.' }),
  })
  .meta({ id: 'Dimension' });

const base = `${API}/workspaces/{workspaceId}/dimensions/` as const;

export const dimensionOperations = {
  listDimensions: defineOperation({
    method: 'get',
    path: base,
    tag: 'Dimensions',
    summary: 'List dimensions',
    description: 'Answers every dimension of the workspace, with the models that reference each.',
    permission: 'workspace',
    storedDataRead: true,
    textAnswer: true,
    params: WorkspacePath,
    data: z.array(Dimension),
  }),
  createDimensions: defineOperation({
    method: 'post',
    path: `${base}create-dimensions/`,
    tag: 'Dimensions',
    summary: 'Create dimensions in one batch',
    description: 'All or nothing: an invalid item rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ dimensions: batchOf(DimensionCreate) }),
    data: z.array(Dimension),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  updateDimensions: defineOperation({
    method: 'put',
    path: `${base}update-dimensions/`,
    tag: 'Dimensions',
    summary: 'Update dimensions in one batch',
    description:
      'The spec carries the items under the key `measures` (sic); `dimensions` is accepted as an alias. All or nothing: an invalid item or unknown id rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.union([
      z.strictObject({ measures: batchOf(DimensionUpdate) }),
      z.strictObject({ dimensions: batchOf(DimensionUpdate) }),
    ]),
    data: z.array(Dimension),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  deleteDimensions: defineOperation({
    method: 'delete',
    path: `${base}delete-dimensions/`,
    tag: 'Dimensions',
    summary: 'Delete dimensions in one batch',
    description:
      'All or nothing: an unknown id, or a dimension that a published model uses, rejects the batch and the error names its index. An id named twice is deleted once.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ dimensionIds: batchOf(Id) }),
    errors: [409],
  }),
};
