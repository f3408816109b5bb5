import { z } from 'zod';
import {
  DataType,
  Id,
  LongText,
  ModelRef,
  Names,
  NonEmptyShortText,
  orNull,
  ShortText,
  TimeUnit,
} from '../primitives';
import { BaseField, checkMapping, DimensionType, KeywordFilter, SubDimension } from './dimensions';
import { MeasureSort } from './measures';
import { DefaultTimeFunc } from './time-series';

/**
 * The object kinds of the management interface and the typed `definition` of each.
 * The spec names only `dimensions/` and shows no fields inside `definition`; the choices are
 * recorded in docs/spec-gaps.md.
 */

export const managementCollections = [
  'time-series',
  'dimensions',
  'measures',
  'dimension-tables',
  'models',
  'corpus',
  'sops',
  'datasets',
] as const;
export const ManagementCollection = z.enum(managementCollections).meta({
  id: 'ManagementCollection',
  description: 'Path segment of an object kind; also the `{type}` of impacts.',
});
export type ManagementCollection = z.infer<typeof ManagementCollection>;

export const Revision = z
  .string()
  .min(1)
  .max(64)
  .meta({ id: 'Revision', description: 'Opaque revision of an object; changes on every change.' });

type Shape = z.core.$ZodLooseShape;
type Optionalised<O extends Shape> = { [K in keyof O]: z.ZodOptional<O[K]> };

/**
 * The `usedByModels` field of a kind's detail, by the kind's `usedByModels` flag. A conditional type
 * rather than a union: declarations then name one shape per kind, which consumers can check with
 * `skipLibCheck: false` (a union of shapes breaks `ZodObject`'s constraint).
 */
type UsedBy<U extends boolean> = U extends true
  ? { usedByModels: z.ZodArray<typeof ModelRef> }
  : Record<never, never>;

interface KindConfig<
  C extends ManagementCollection,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  U extends boolean,
> {
  collection: C;
  /** Prefix of the component names, e.g. `Dimension` -> `DimensionDefinition`. */
  schemaName: string;
  /** Human label for summaries, e.g. "dimension". */
  label: string;
  /** Fields the server sets and callers cannot change. */
  readOnly: RO;
  required: R;
  /** Fields a create may omit; they take `defaults`. */
  optional: O;
  defaults: { [K in keyof O]: z.output<O[K]> };
  /** Whether details carry `usedByModels` (time series, dimensions, measures, dimension tables, models). */
  usedByModels: U;
  refine?: (definition: z.output<z.ZodObject<R & O>>, ctx: z.RefinementCtx) => void;
}

function optionalised<O extends Shape>(shape: O): Optionalised<O> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = (schema as z.ZodType).optional();
  return out as Optionalised<O>;
}

/** Builds the schemas of one kind: its definition, create and update changes, and detail. */
export function defineKind<
  const C extends ManagementCollection,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  const U extends boolean,
>(config: KindConfig<C, RO, R, O, U>) {
  const { schemaName: name, refine } = config;
  const writable = { ...config.required, ...config.optional };
  const check = (value: unknown, ctx: z.RefinementCtx) =>
    refine?.(value as z.output<z.ZodObject<R & O>>, ctx);
  const definition = z
    .object({ ...config.readOnly, ...writable })
    .superRefine(check)
    .meta({ id: `${name}Definition` });
  const createChanges = z
    .strictObject({ ...config.required, ...optionalised(config.optional) })
    .superRefine(check)
    .meta({
      id: `${name}CreateChanges`,
      description: `Full definition of a new ${config.label}; omitted optional fields take their defaults.`,
    });
  const updateChanges = z.strictObject(optionalised(writable)).meta({
    id: `${name}UpdateChanges`,
    description: 'Omitted fields keep their value; clearing a field needs an explicit empty value.',
  });
  const usedBy = (config.usedByModels ? { usedByModels: z.array(ModelRef) } : {}) as UsedBy<U>;
  const detail = z
    .object({ id: Id, definition, revision: Revision, ...usedBy })
    .meta({ id: `Managed${name}` });
  return { ...config, writable, definition, createChanges, updateChanges, detail };
}

export const timeSeriesKind = defineKind({
  collection: 'time-series',
  schemaName: 'TimeSeries',
  label: 'time series',
  readOnly: {},
  required: { type: DataType, names: Names, timeUnit: TimeUnit },
  optional: {
    format: ShortText,
    description: LongText,
    table: ShortText.meta({ description: 'Source table; a change schedules a source refresh.' }),
    field: ShortText.meta({ description: 'Source field; a change schedules a source refresh.' }),
    defaultTimeFunc: orNull(DefaultTimeFunc),
  },
  defaults: { format: '', description: '', table: '', field: '', defaultTimeFunc: null },
  usedByModels: true,
});

export const dimensionKind = defineKind({
  collection: 'dimensions',
  schemaName: 'Dimension',
  label: 'dimension',
  readOnly: {},
  required: { type: DimensionType, format: ShortText, names: Names },
  optional: {
    rating: z.number().int(),
    description: LongText,
    isKeyword: z.boolean(),
    autoGroup: z.boolean(),
    baseField: orNull(BaseField).meta({ description: 'Non-null exactly when `type` is `mapping`.' }),
    enableSubDimensionExplorer: z.boolean(),
    keywordFilters: z.array(KeywordFilter).max(100),
    subDimensions: z.array(SubDimension).max(100),
  },
  defaults: {
    rating: 0,
    description: '',
    isKeyword: false,
    autoGroup: false,
    baseField: null,
    enableSubDimensionExplorer: false,
    keywordFilters: [],
    subDimensions: [],
  },
  usedByModels: true,
  refine: (definition, ctx) =>
    checkMapping({ type: definition.type, baseField: definition.baseField ?? undefined }, ctx),
});

const IdList = z.array(Id).max(1000);

export const measureKind = defineKind({
  collection: 'measures',
  schemaName: 'Measure',
  label: 'measure',
  readOnly: {},
  required: { names: Names },
  optional: {
    description: LongText,
    sort: MeasureSort,
    expression: LongText.meta({ description: 'Calculation expression (free text).' }),
    dimensionIds: IdList.meta({ description: 'Dimensions the measure depends on.' }),
  },
  defaults: { description: '', sort: -1, expression: '', dimensionIds: [] },
  usedByModels: true,
});

export const dimensionTableKind = defineKind({
  collection: 'dimension-tables',
  schemaName: 'DimensionTable',
  label: 'dimension table',
  readOnly: {},
  required: {
    name: NonEmptyShortText,
    table: NonEmptyShortText.meta({ description: 'Source table (a source binding).' }),
  },
  optional: {
    description: LongText,
    keyField: ShortText.meta({ description: 'Key field of the source table.' }),
    dimensionIds: IdList.meta({ description: 'Dimensions the table provides.' }),
  },
  defaults: { description: '', keyField: '', dimensionIds: [] },
  usedByModels: true,
});

export const modelKind = defineKind({
  collection: 'models',
  schemaName: 'Model',
  label: 'model',
  readOnly: { uid: z.string().meta({ description: 'Assigned by the server; used in permissions.' }) },
  required: { name: NonEmptyShortText, dimensions: IdList.meta({ description: 'Dimension ids.' }) },
  optional: {
    description: LongText,
    measures: IdList.meta({ description: 'Measure ids.' }),
    timeSeries: IdList.meta({ description: 'Time series ids.' }),
    dimensionTables: IdList.meta({ description: 'Dimension table ids.' }),
    draft: z
      .boolean()
      .meta({ description: 'A draft model is not published; deletes that break it are allowed.' }),
  },
  defaults: { description: '', measures: [], timeSeries: [], dimensionTables: [], draft: false },
  usedByModels: true,
});

export const corpusKind = defineKind({
  collection: 'corpus',
  schemaName: 'Corpus',
  label: 'corpus entry',
  readOnly: {},
  required: { title: NonEmptyShortText, content: z.string().min(1).max(65_536) },
  optional: { tags: z.array(NonEmptyShortText).max(100) },
  defaults: { tags: [] },
  usedByModels: false,
});

export const sopKind = defineKind({
  collection: 'sops',
  schemaName: 'Sop',
  label: 'SOP',
  readOnly: {},
  required: { name: NonEmptyShortText, steps: z.array(z.string().min(1).max(4096)).min(1).max(200) },
  optional: { description: LongText },
  defaults: { description: '' },
  usedByModels: false,
});

export const datasetKind = defineKind({
  collection: 'datasets',
  schemaName: 'Dataset',
  label: 'dataset',
  readOnly: {},
  required: {
    name: NonEmptyShortText,
    table: NonEmptyShortText.meta({ description: 'Source table (a source binding).' }),
  },
  optional: { description: LongText, fields: z.array(NonEmptyShortText).max(1000) },
  defaults: { description: '', fields: [] },
  usedByModels: false,
});

export const managementKinds = {
  'time-series': timeSeriesKind,
  dimensions: dimensionKind,
  measures: measureKind,
  'dimension-tables': dimensionTableKind,
  models: modelKind,
  corpus: corpusKind,
  sops: sopKind,
  datasets: datasetKind,
} as const;
