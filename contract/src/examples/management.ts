import type { OperationId } from '../all-operations';
import { managementKinds, managementOperationIdOf } from '../resources/management-kinds';
import type { ExamplesOf, OperationExample } from './example';
import { exampleKeywords, exampleWorld } from './values';

/** The management reads of the example workspace, and its source catalogue (an extension). */
const { workspace, timeSeries, dimension, measure } = exampleWorld;
const params = { workspaceId: workspace.id };
const catalogue = {
  tables: [{ name: 'orders', fields: ['order_date', 'ship_date', 'region', 'channel', 'amount'] }],
};

/**
 * The objects of the example workspace by collection, as a management list summarises them (a
 * revision is `r<version>-` and the start of the definition's hash, so these are the real ones).
 */
const summaries: Record<string, { id: number; name: string; revision: string }[]> = {
  'time-series': [{ id: timeSeries.id, name: exampleKeywords.timeSeries, revision: 'r1-43e4321abcb4' }],
  dimensions: [{ id: dimension.id, name: exampleKeywords.dimension, revision: 'r1-8ceadbcff767' }],
  measures: [{ id: measure.id, name: exampleKeywords.measure, revision: 'r1-e9a7f88be4dc' }],
};

/** `list` of every kind: the summaries above, or an empty list. */
export const managementListExamples: Partial<Record<OperationId, OperationExample>> = Object.fromEntries(
  Object.values(managementKinds).map((kind) => [
    managementOperationIdOf(kind, 'list'),
    { params, data: summaries[kind.collection] ?? [] },
  ]),
);

export const managementExamples = {
  getManagementImpacts: {
    params: { ...params, type: 'dimensions', id: dimension.id },
    data: {
      type: 'dimensions',
      id: dimension.id,
      usedByModels: [],
      usedByDrafts: [],
      dependentMeasures: [],
      dependsOn: [],
    },
  },
  getSourceCatalogue: { params, data: catalogue },
  setSourceCatalogue: { params, body: catalogue, data: catalogue },
} satisfies ExamplesOf<'getManagementImpacts' | 'getSourceCatalogue' | 'setSourceCatalogue'>;

export { catalogue as exampleCatalogue };
