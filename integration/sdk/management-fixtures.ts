import type { kindOperations, managementKinds, SuccessData } from '@wsadmin/contract';
import type { ApplyRequest, CommitOptions, ManagementCollection } from '@wsadmin/sdk';
import type { IntegrationServer } from './setup';

/**
 * What the management integration tests share: the workspace they work in (a source catalogue
 * table `orders` and a dimension `region`) and one valid create and update per kind.
 */

/** Creates the workspace; call it in `beforeAll`. */
export async function managementWorkspace(
  server: IntegrationServer,
): Promise<{ ws: number; dimensionId: number }> {
  const ws = (await server.client.workspaces.create({ name: 'Management' })).id;
  await server.client.sources.set(ws, {
    tables: [{ name: 'orders', fields: ['id', 'region', 'ordered_at'] }],
  });
  const [region] = await server.client.dimensions.create(ws, [
    { type: 'string', format: 'text', names: ['region'] },
  ]);
  if (!region) throw new Error('one dimension expected');
  return { ws, dimensionId: region.id };
}

/** One row of the table: a valid create and a valid update of one kind, checked against its types. */
type Case<C extends ManagementCollection> = {
  collection: C;
  /** Name of the summary after the create. */
  name: string;
  create: ApplyRequest<C, 'create'>['changes'];
  update: ApplyRequest<C, 'update'>['changes'];
  /** State of the create commit: `pending` when it binds a source (a refresh task follows). */
  createState: 'saved' | 'pending';
};
export type AnyCase = { [C in ManagementCollection]: Case<C> }[ManagementCollection];

/** Built when a test runs: the rows refer to the dimension of `managementWorkspace`. */
export const cases = (dimensionId: number): AnyCase[] => [
  {
    collection: 'time-series',
    name: 'order day',
    create: { type: 'date', names: ['order day'], timeUnit: 'day', table: 'orders', field: 'ordered_at' },
    update: { description: 'Day of the order', defaultTimeFunc: { aggregation: 'sum', timeUnit: 'month' } },
    createState: 'pending',
  },
  {
    collection: 'dimensions',
    name: 'product',
    create: { type: 'string', format: 'text', names: ['product'] },
    update: { description: 'Product line', isKeyword: true },
    createState: 'saved',
  },
  {
    collection: 'measures',
    name: 'margin',
    create: { names: ['margin'], expression: 'revenue - cost', dimensionIds: [dimensionId] },
    update: { sort: 1 },
    createState: 'saved',
  },
  {
    collection: 'dimension-tables',
    name: 'Regions',
    create: { name: 'Regions', table: 'orders', keyField: 'region', dimensionIds: [dimensionId] },
    update: { description: 'One row per region' },
    createState: 'pending',
  },
  {
    collection: 'models',
    name: 'Orders model',
    create: { name: 'Orders model', dimensions: [dimensionId], draft: true },
    update: { description: 'Draft of the orders model' },
    createState: 'saved',
  },
  {
    collection: 'corpus',
    name: 'Glossary',
    create: { title: 'Glossary', content: 'Region: where the order ships to.' },
    update: { tags: ['terms'] },
    createState: 'saved',
  },
  {
    collection: 'sops',
    name: 'Month end',
    create: { name: 'Month end', steps: ['close the books', 'report'] },
    update: { description: 'Monthly closing' },
    createState: 'saved',
  },
  {
    collection: 'datasets',
    name: 'Orders',
    create: { name: 'Orders', table: 'orders', fields: ['id'] },
    update: { description: 'All orders' },
    createState: 'pending',
  },
];

/** The contract's operations of one kind; the table below runs them for every kind. */
type KindOperations = ReturnType<typeof kindOperations<(typeof managementKinds)['dimensions']>>;
/** A contract answer with the kind's definition left open (a record), as the table reads every kind. */
type AnyKind<T, Field extends keyof T> = Omit<T, Field> & { [F in Field]: Record<string, unknown> | null };

/** The per-kind API seen without its per-kind types, for a table that runs every kind alike. */
export interface AnyCollection {
  list(): Promise<{ id: number; name: string; revision: string }[]>;
  get(id: number): Promise<{ id: number; revision: string; definition: Record<string, unknown> }>;
  preview(body: object): Promise<AnyKind<SuccessData<KindOperations['preview']>, 'candidate'>>;
  commitCreate(body: object, options?: CommitOptions): Promise<Commit>;
  commitUpdate(id: number, body: object, options?: CommitOptions): Promise<Commit>;
  commitDelete(id: number, body: object, options?: CommitOptions): Promise<Commit>;
}
export type Commit = AnyKind<SuccessData<KindOperations['create']>, 'definition'>;
