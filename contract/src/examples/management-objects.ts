import type { z } from 'zod';
import type { OperationId } from '../all-operations';
import {
  type ManagementCollection,
  managementKinds,
  managementOperationIdOf,
} from '../resources/management-kinds';
import type { OperationExample } from './example';
import {
  EXAMPLE_MODEL_UID,
  EXAMPLE_NEXT_ID,
  EXAMPLE_NOW,
  EXAMPLE_OPERATION_ID,
  EXAMPLE_PLAN_TOKEN,
  exampleKeywords,
  exampleWorld,
  IDEMPOTENCY_KEY_EXAMPLE,
} from './values';

/**
 * The management examples of the kinds below: a detail, an update preview, and the three commits,
 * derived from one object of the example world per kind (its definition and revision), a create
 * and an update change. A commit's `planToken` and an operation's id are made at random by the
 * server: the examples show EXAMPLE_PLAN_TOKEN and EXAMPLE_OPERATION_ID, and `examplePrerequisites`
 * names the request whose answer carries the real one.
 */
const { workspace, timeSeries, dimension, measure } = exampleWorld;

interface KindExample<C extends ManagementCollection> {
  id: number;
  revision: string;
  definition: z.input<(typeof managementKinds)[C]['definition']>;
  create: z.input<(typeof managementKinds)[C]['createChanges']>;
  update: z.input<(typeof managementKinds)[C]['updateChanges']>;
  /** Revisions after the update and of the created object (the server's, predictable). */
  updatedRevision: string;
  createdRevision: string;
}
type KindExamples = { [C in ManagementCollection]: KindExample<C> };

export const managedExamples: KindExamples = {
  'time-series': {
    id: timeSeries.id,
    revision: 'r1-43e4321abcb4',
    definition: {
      type: timeSeries.type,
      names: timeSeries.names,
      timeUnit: timeSeries.timeUnit,
      format: timeSeries.format,
      description: timeSeries.description,
      table: timeSeries.table,
      field: timeSeries.field,
      defaultTimeFunc: null,
    },
    create: { type: 'date', names: ['ship date'], timeUnit: 'day' },
    update: { defaultTimeFunc: { aggregation: 'sum', timeUnit: 'month' } },
    updatedRevision: 'r2-355741ae35b8',
    createdRevision: 'r1-b08ad69247ab',
  },
  dimensions: {
    id: dimension.id,
    revision: 'r1-8ceadbcff767',
    definition: {
      type: dimension.type,
      format: dimension.format,
      names: dimension.names,
      rating: dimension.rating,
      description: dimension.description,
      isKeyword: dimension.isKeyword,
      autoGroup: dimension.autoGroup,
      baseField: null,
      enableSubDimensionExplorer: dimension.enableSubDimensionExplorer,
      keywordFilters: [],
      subDimensions: [],
    },
    create: { type: 'string', format: 'text', names: ['channel'] },
    update: { isKeyword: true, subDimensions: [{ prop: 'country' }] },
    updatedRevision: 'r2-9985eefbcfc8',
    createdRevision: 'r1-bcb49b2df794',
  },
  measures: {
    id: measure.id,
    revision: 'r1-e9a7f88be4dc',
    definition: {
      names: measure.names,
      description: measure.description,
      sort: measure.sort,
      expression: '',
      dimensionIds: [],
    },
    create: { names: ['profit'], expression: 'revenue - cost' },
    update: { expression: `sum(${exampleKeywords.measure})`, dimensionIds: [dimension.id] },
    updatedRevision: 'r2-1c6f46f31511',
    createdRevision: 'r1-1fa6c83011e8',
  },
  corpus: {
    id: 4,
    revision: 'r1-e35ee940696e',
    definition: { title: 'Fiscal year', content: 'The fiscal year starts on 1 April.', tags: ['calendar'] },
    create: { title: 'Regions', content: 'EMEA covers Europe, the Middle East and Africa.' },
    update: { tags: ['calendar', 'finance'] },
    updatedRevision: 'r2-5cc559d16f24',
    createdRevision: 'r1-4aca61cf55af',
  },
  sops: {
    id: 5,
    revision: 'r1-8a84246a4f36',
    definition: {
      name: 'Month-end close',
      steps: ['Load the orders', 'Check the totals'],
      description: '',
    },
    create: { name: 'Weekly report', steps: ['Refresh the sources', 'Send the report'] },
    update: { description: 'Run on the first working day' },
    updatedRevision: 'r2-731893e3bb45',
    createdRevision: 'r1-461298e21e2c',
  },
  'dimension-tables': {
    id: 6,
    revision: 'r1-0b8f69b8f50c',
    definition: {
      name: 'Regions',
      table: 'orders',
      description: '',
      keyField: 'region',
      dimensionIds: [dimension.id],
    },
    create: { name: 'Channels', table: 'orders', keyField: 'channel' },
    update: { description: 'One row per sales region' },
    updatedRevision: 'r2-4f46472969b4',
    createdRevision: 'r1-8a6cee783d40',
  },
  datasets: {
    id: 7,
    revision: 'r1-69230544a70b',
    definition: { name: 'Orders', table: 'orders', description: '', fields: ['order_date', 'amount'] },
    create: { name: 'Shipments', table: 'orders', fields: ['ship_date'] },
    update: { description: 'Every order since 2020' },
    updatedRevision: 'r2-865510a0893f',
    createdRevision: 'r1-5855aabb25b8',
  },
  // No dimension, and a draft: the legacy views of the dimension show no model using it.
  models: {
    id: 8,
    revision: 'r1-9b406e36b79a',
    definition: {
      uid: EXAMPLE_MODEL_UID,
      name: 'Sales overview',
      dimensions: [],
      description: '',
      measures: [],
      timeSeries: [],
      dimensionTables: [],
      draft: true,
    },
    create: { name: 'Revenue by region', dimensions: [dimension.id], measures: [measure.id] },
    update: { description: 'Draft of the board report' },
    updatedRevision: 'r2-81e0349c98ea',
    createdRevision: 'r1-dca265b8121c',
  },
};

const params = { workspaceId: workspace.id };
const headers = { 'Idempotency-Key': IDEMPOTENCY_KEY_EXAMPLE };
const noImpact = { usedByModels: [], usedByDrafts: [], dependentMeasures: [] };
/** Of the kinds above, the ones whose details list `usedByModels`. */
const usedBy = (collection: ManagementCollection) =>
  managementKinds[collection].usedByModels ? { usedByModels: [] } : {};

type Requests = (readonly [OperationId, OperationExample])[];

function kindExamples(collection: keyof KindExamples) {
  const kind = managementKinds[collection];
  const k = managedExamples[collection] as KindExample<'sops'>;
  const idOf = (verb: 'get' | 'preview' | 'create' | 'update' | 'remove') =>
    managementOperationIdOf(kind, verb);
  const object = { ...params, id: k.id };
  const candidate = { ...k.definition, ...k.update };
  const defaults = kind.defaults as object;
  const previews = {
    create: { params, body: { action: 'create', changes: k.create } },
    update: { params, body: { action: 'update', targetId: k.id, revision: k.revision, changes: k.update } },
    remove: { params, body: { action: 'delete', targetId: k.id, revision: k.revision, changes: {} } },
  } as const;
  const commit = (verb: 'create' | 'update' | 'remove'): OperationExample => {
    const body =
      verb === 'remove'
        ? { planToken: EXAMPLE_PLAN_TOKEN }
        : { changes: k[verb], planToken: EXAMPLE_PLAN_TOKEN };
    const id = verb === 'create' ? EXAMPLE_NEXT_ID : k.id;
    const revision = verb === 'create' ? k.createdRevision : verb === 'update' ? k.updatedRevision : null;
    // The fields the server sets (a model's uid) as the example object shows them.
    const readOnly = Object.fromEntries(
      Object.keys(kind.readOnly).map((field) => [field, (k.definition as Record<string, unknown>)[field]]),
    );
    const created = { ...readOnly, ...defaults, ...k.create };
    const definition = verb === 'create' ? created : verb === 'update' ? candidate : null;
    // A create of a kind with a source binding schedules a source refresh: pending until it has run.
    const binding = kind.sourceBinding && (k.create as Record<string, unknown>)[kind.sourceBinding.table];
    const state = verb === 'create' && binding ? 'pending' : 'saved';
    const data = { operationId: EXAMPLE_OPERATION_ID, state, id, revision, definition };
    // Checked against the commit's schemas by the example test (a union over kinds is too wide here).
    return { params: verb === 'create' ? params : object, headers, body, data } as OperationExample;
  };
  const examples: Partial<Record<OperationId, OperationExample>> = {
    [idOf('get')]: {
      params: object,
      data: { id: k.id, definition: k.definition, revision: k.revision, ...usedBy(collection) },
    },
    [idOf('preview')]: {
      ...previews.update,
      data: {
        action: 'update',
        beforeRevision: k.revision,
        afterRevision: k.updatedRevision,
        changes: k.update,
        impact: noImpact,
        candidate,
        planToken: EXAMPLE_PLAN_TOKEN,
        expiresAt: new Date(Date.parse(EXAMPLE_NOW) + 10 * 60_000).toISOString(),
      },
    },
    [idOf('create')]: commit('create'),
    [idOf('update')]: commit('update'),
    [idOf('remove')]: commit('remove'),
  };
  const prerequisites: Partial<Record<OperationId, Requests>> = {
    [idOf('create')]: [[idOf('preview'), previews.create]],
    [idOf('update')]: [[idOf('preview'), previews.update]],
    [idOf('remove')]: [[idOf('preview'), previews.remove]],
  };
  return { examples, prerequisites };
}

const kinds = (Object.keys(managedExamples) as (keyof KindExamples)[]).map(kindExamples);
const measureUpdate = kindExamples('measures');
const measures = managedExamples.measures;

export const managedObjectExamples: Partial<Record<OperationId, OperationExample>> = Object.assign(
  {},
  ...kinds.map((kind) => kind.examples),
  {
    getManagementOperation: {
      params: { ...params, operationId: EXAMPLE_OPERATION_ID },
      data: {
        operationId: EXAMPLE_OPERATION_ID,
        target: { type: 'measures', id: measures.id },
        action: 'update',
        state: 'saved',
        beforeRevision: measures.revision,
        afterRevision: measures.updatedRevision,
        result: { id: measures.id, revision: measures.updatedRevision },
        createdAt: EXAMPLE_NOW,
      },
    },
  },
);

/**
 * What must be sent before an example, on the example world: the preview whose plan token a commit
 * names, and the commit whose operation `getManagementOperation` reads.
 */
export const examplePrerequisites: Partial<Record<OperationId, Requests>> = Object.assign(
  {},
  ...kinds.map((kind) => kind.prerequisites),
  {
    getManagementOperation: [
      ...(measureUpdate.prerequisites.updateManagedMeasure ?? []),
      ['updateManagedMeasure', measureUpdate.examples.updateManagedMeasure ?? {}],
    ],
  },
);

/** The objects of the example world made through the management interface (ids 4 to 8). */
export const managedWorldRequests: Requests = (
  ['corpus', 'sops', 'dimension-tables', 'datasets', 'models'] as const
).flatMap((collection) => {
  const kind = managementKinds[collection];
  // A model's uid is the server's to assign: not part of the change.
  const { uid: _uid, ...definition } = managedExamples[collection].definition as { uid?: string };
  return [
    [managementOperationIdOf(kind, 'preview'), { params, body: { action: 'create', changes: definition } }],
    [
      managementOperationIdOf(kind, 'create'),
      {
        params,
        headers: { 'Idempotency-Key': `world-${collection}` },
        body: { changes: definition, planToken: EXAMPLE_PLAN_TOKEN },
      },
    ],
  ] as Requests;
});
