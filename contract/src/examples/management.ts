import type { OperationId } from '../all-operations';
import { managementKinds, managementOperationIdOf } from '../resources/management-kinds';
import type { ExamplesOf, OperationExample } from './example';
import { managedExamples } from './management-objects';
import { exampleWorld } from './values';

/** The management reads of the example workspace, and its source catalogue (an extension). */
const { workspace, dimension } = exampleWorld;
const params = { workspaceId: workspace.id };
const catalogue = {
  tables: [{ name: 'orders', fields: ['order_date', 'ship_date', 'region', 'channel', 'amount'] }],
};

/**
 * The objects of the example workspace by collection, as a management list summarises them: id,
 * keyword (or name, or title) and revision.
 */
const summaries: Partial<Record<string, { id: number; name: string; revision: string }[]>> =
  Object.fromEntries(
    Object.entries(managedExamples).map(([collection, { id, revision, definition }]) => {
      const named = definition as { names?: string[]; name?: string; title?: string };
      return [collection, [{ id, name: named.names?.[0] ?? named.name ?? named.title ?? '', revision }]];
    }),
  );

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
