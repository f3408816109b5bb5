import { z } from 'zod';
import { DataType, Id, LongText, Names, NonEmptyShortText, orNull, ShortText, TimeUnit } from '../primitives';
import { defineKind } from './define-kind';
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

export { defineKind, type LegacyViews, type References, Revision, type SourceBinding } from './define-kind';

/**
 * The object kinds of the management interface and the typed `definition` of each.
 * The spec names only `dimensions/` and shows no fields inside `definition`; the choices are
 * recorded in docs/spec-gaps.md.
 */

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
