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
import {
  BaseField,
  checkMapping,
  DimensionType,
  KeywordFilter,
  mappingRuleInDocument,
  SubDimension,
} from './dimensions';
import { MeasureSort } from './measures';
import { DefaultTimeFunc } from './time-series';

/**
 * The object kinds of the management interface and the typed `definition` of each.
 * The spec names only `dimensions/` and shows no fields inside `definition`; the choices are
 * recorded in docs/spec-gaps.md.
 */

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
  C extends string,
  N extends string,
  P extends string,
  F extends string,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  U extends boolean,
  Ref extends References,
> {
  /** URL segment: `management/{collection}/`. */
  collection: C;
  /**
   * Singular name: prefix of the component names (`Dimension` -> `DimensionDefinition`) and of the
   * operationIds (`getManagedDimension`, see `ManagementOperationId`).
   */
  schemaName: N;
  /** Plural of `schemaName`, for the list operation (`listManagedDimensions`). */
  plural: P;
  /** Property of the SDK's `client.management(workspaceId)`, e.g. `dimensionTables`. */
  facade: F;
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
  /**
   * Definition fields that hold ids of other kinds: field -> collection pointed at. The server checks
   * them on every change, answers impacts and `dependsOn` from them, and takes a deleted object's id
   * out of every field that points at its kind; `models`' references give `usedByModels`.
   */
  references: Ref;
  /**
   * The source binding, or null: the field naming the source table and the fields naming source
   * fields (text or list of text). A commit that changes the binding schedules a source refresh,
   * whose task checks the binding against the source catalogue; a kind without one never does.
   */
  sourceBinding: SourceBinding | null;
  /** Whether the keyword (first of `names`) is unique within the kind in a workspace. */
  uniqueKeyword: boolean;
  /**
   * The older endpoints that show the same objects, as operationIds: their list (path values:
   * workspace) and detail (workspace, id). A commit of the kind makes them stale.
   */
  legacyViews: LegacyViews;
  refine?: (definition: z.output<z.ZodObject<R & O>>, ctx: z.RefinementCtx) => void;
  /** `refine` as JSON Schema keywords, for the document (zod-to-openapi cannot render a refinement). */
  refineInDocument?: Record<string, unknown>;
}

/** Reference fields of a kind: field -> collection pointed at (checked against the kinds by a test). */
export type References = Readonly<Record<string, string>>;
export interface SourceBinding {
  /** The field naming the source table; an empty table means no binding. */
  table: string;
  /** Fields naming source fields: text (empty means none) or list of text. */
  fields: readonly string[];
}
export interface LegacyViews {
  list?: string;
  detail?: string;
}

function optionalised<O extends Shape>(shape: O): Optionalised<O> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = (schema as z.ZodType).optional();
  return out as Optionalised<O>;
}

/** Builds the schemas of one kind: its definition, create and update changes, and detail. */
export function defineKind<
  const C extends string,
  const N extends string,
  const P extends string,
  const F extends string,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  const U extends boolean,
  const Ref extends References,
>(config: KindConfig<C, N, P, F, RO, R, O, U, Ref>) {
  const { schemaName: name, refine, refineInDocument } = config;
  const writable = { ...config.required, ...config.optional };
  const check = (value: unknown, ctx: z.RefinementCtx) =>
    refine?.(value as z.output<z.ZodObject<R & O>>, ctx);
  const definition = z
    .object({ ...config.readOnly, ...writable })
    .superRefine(check)
    .meta({ id: `${name}Definition`, ...refineInDocument });
  const createChanges = z
    .strictObject({ ...config.required, ...optionalised(config.optional) })
    .superRefine(check)
    .meta({
      id: `${name}CreateChanges`,
      description: `Full definition of a new ${config.label}; omitted optional fields take their defaults.`,
      ...refineInDocument,
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
  plural: 'TimeSeries',
  facade: 'timeSeries',
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
  references: {},
  sourceBinding: { table: 'table', fields: ['field'] },
  uniqueKeyword: true,
  legacyViews: { list: 'listTimeSeries', detail: 'getTimeSeries' },
});

export const dimensionKind = defineKind({
  collection: 'dimensions',
  schemaName: 'Dimension',
  plural: 'Dimensions',
  facade: 'dimensions',
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
  references: {},
  sourceBinding: null,
  uniqueKeyword: true,
  legacyViews: { list: 'listDimensions' },
  refine: (definition, ctx) =>
    checkMapping({ type: definition.type, baseField: definition.baseField ?? undefined }, ctx),
  refineInDocument: mappingRuleInDocument(true),
});

const IdList = z.array(Id).max(1000);

export const measureKind = defineKind({
  collection: 'measures',
  schemaName: 'Measure',
  plural: 'Measures',
  facade: 'measures',
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
  references: { dimensionIds: 'dimensions' },
  sourceBinding: null,
  uniqueKeyword: true,
  legacyViews: { list: 'listMeasures' },
});

export const dimensionTableKind = defineKind({
  collection: 'dimension-tables',
  schemaName: 'DimensionTable',
  plural: 'DimensionTables',
  facade: 'dimensionTables',
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
  references: { dimensionIds: 'dimensions' },
  sourceBinding: { table: 'table', fields: ['keyField'] },
  uniqueKeyword: false,
  legacyViews: {},
});

export const modelKind = defineKind({
  collection: 'models',
  schemaName: 'Model',
  plural: 'Models',
  facade: 'models',
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
  references: {
    dimensions: 'dimensions',
    measures: 'measures',
    timeSeries: 'time-series',
    dimensionTables: 'dimension-tables',
  },
  sourceBinding: null,
  uniqueKeyword: false,
  legacyViews: {},
});

export const corpusKind = defineKind({
  collection: 'corpus',
  schemaName: 'Corpus',
  plural: 'Corpus',
  facade: 'corpus',
  label: 'corpus entry',
  readOnly: {},
  required: { title: NonEmptyShortText, content: z.string().min(1).max(65_536) },
  optional: { tags: z.array(NonEmptyShortText).max(100) },
  defaults: { tags: [] },
  usedByModels: false,
  references: {},
  sourceBinding: null,
  uniqueKeyword: false,
  legacyViews: {},
});

export const sopKind = defineKind({
  collection: 'sops',
  schemaName: 'Sop',
  plural: 'Sops',
  facade: 'sops',
  label: 'SOP',
  readOnly: {},
  required: { name: NonEmptyShortText, steps: z.array(z.string().min(1).max(4096)).min(1).max(200) },
  optional: { description: LongText },
  defaults: { description: '' },
  usedByModels: false,
  references: {},
  sourceBinding: null,
  uniqueKeyword: false,
  legacyViews: {},
});

export const datasetKind = defineKind({
  collection: 'datasets',
  schemaName: 'Dataset',
  plural: 'Datasets',
  facade: 'datasets',
  label: 'dataset',
  readOnly: {},
  required: {
    name: NonEmptyShortText,
    table: NonEmptyShortText.meta({ description: 'Source table (a source binding).' }),
  },
  optional: { description: LongText, fields: z.array(NonEmptyShortText).max(1000) },
  defaults: { description: '', fields: [] },
  usedByModels: false,
  references: {},
  sourceBinding: { table: 'table', fields: ['fields'] },
  uniqueKeyword: false,
  legacyViews: {},
});

/**
 * Every object kind, declared once: a ninth kind is one `defineKind` entry added here. The
 * collection enum, the 48 management operations (`managementOperations`), the SDK's per-kind
 * objects (through the generated route table), the server's handlers and the coverage tests all
 * follow from this list.
 */
const kindList = [
  timeSeriesKind,
  dimensionKind,
  measureKind,
  dimensionTableKind,
  modelKind,
  corpusKind,
  sopKind,
  datasetKind,
] as const;

type KindOf<C> = Extract<(typeof kindList)[number], { collection: C }>;

/** The path segments of the kinds, in declaration order. */
type CollectionsOf<T extends readonly { collection: string }[]> = {
  -readonly [I in keyof T]: T[I]['collection'];
};
export const managementCollections = kindList.map((kind) => kind.collection) as CollectionsOf<
  typeof kindList
>;
export const ManagementCollection = z.enum(managementCollections).meta({
  id: 'ManagementCollection',
  description: 'Path segment of an object kind; also the `{type}` of impacts.',
});
export type ManagementCollection = z.infer<typeof ManagementCollection>;

/** Each kind by its path segment. */
export const managementKinds = Object.fromEntries(kindList.map((kind) => [kind.collection, kind])) as {
  readonly [C in ManagementCollection]: KindOf<C>;
};

/** The six operations every kind has; `remove` is the delete commit. */
export const managementVerbs = ['list', 'get', 'preview', 'create', 'update', 'remove'] as const;
export type ManagementVerb = (typeof managementVerbs)[number];

type KindNames = { schemaName: string; plural: string };
type IdOf<K extends KindNames, V extends ManagementVerb> = {
  list: `listManaged${K['plural']}`;
  get: `getManaged${K['schemaName']}`;
  preview: `preview${K['schemaName']}Change`;
  create: `createManaged${K['schemaName']}`;
  update: `updateManaged${K['schemaName']}`;
  remove: `deleteManaged${K['schemaName']}`;
}[V];

/** The operationId of one verb of one kind, e.g. `ManagementOperationId<'dimensions', 'list'>` = `listManagedDimensions`. */
export type ManagementOperationId<
  C extends ManagementCollection = ManagementCollection,
  V extends ManagementVerb = ManagementVerb,
> = C extends ManagementCollection ? IdOf<KindOf<C>, V> : never;

/** The operationId rule, at run time; the type above is the same rule for the compiler. */
export function managementOperationIdOf<K extends KindNames, V extends ManagementVerb>(
  kind: K,
  verb: V,
): IdOf<K, V> {
  const { schemaName: name, plural } = kind;
  const ids: { [W in ManagementVerb]: string } = {
    list: `listManaged${plural}`,
    get: `getManaged${name}`,
    preview: `preview${name}Change`,
    create: `createManaged${name}`,
    update: `updateManaged${name}`,
    remove: `deleteManaged${name}`,
  };
  return ids[verb] as IdOf<K, V>;
}

/** The management table: kind x verb -> operationId. */
export const managementOperationIds = Object.fromEntries(
  kindList.map((kind) => [
    kind.collection,
    Object.fromEntries(managementVerbs.map((verb) => [verb, managementOperationIdOf(kind, verb)])),
  ]),
) as {
  readonly [C in ManagementCollection]: { readonly [V in ManagementVerb]: ManagementOperationId<C, V> };
};
