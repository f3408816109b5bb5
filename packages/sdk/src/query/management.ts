import type { Facade } from '../client';
import type {
  ApplyRequest,
  ApplyResult,
  ManagementKinds,
  OperationRecord,
  PollOptions,
} from '../resources/management';
import type {
  ManagementAction,
  ManagementCollection,
  ObjectId,
  OperationRecordId,
  RequestBody,
  ResponseData,
  WorkspaceId,
} from '../types';
import { changedObjects } from './affected';
import { wsadminKeys } from './keys';
import { mutationOf, queryOf, type WsadminMutationOptions, type WsadminQueryOptions } from './options';

const keys = wsadminKeys.management;

type Step = keyof ManagementKinds[ManagementCollection];
type Data<C extends ManagementCollection, S extends Step> = ResponseData<ManagementKinds[C][S]>;
type Body<C extends ManagementCollection, S extends Step> = RequestBody<ManagementKinds[C][S]>;

/**
 * Factories of one object kind of the management interface. Commits invalidate the kind's list,
 * the detail they change, the legacy lists showing the same objects and the workspace's impacts.
 */
export interface ManagedCollectionQueries<C extends ManagementCollection> {
  /**
   * Summaries of the kind.
   *
   * @example
   * const { data: summaries } = useQuery(q.management(7).dimensions.list());
   */
  list(): WsadminQueryOptions<Data<C, 'list'>, ReturnType<typeof keys.list>>;
  /**
   * One object with its `definition` and `revision`.
   *
   * @example
   * const { data: dimension } = useQuery(q.management(7).dimensions.get(11));
   */
  get(id: ObjectId): WsadminQueryOptions<Data<C, 'get'>, ReturnType<typeof keys.detail>>;
  /**
   * Previews a change (variables: the preview request); saves and invalidates nothing.
   *
   * @example
   * const preview = useMutation(q.management(7).dimensions.preview());
   * preview.mutate({ action: 'update', targetId: 11, revision, changes: { description: 'Region' } });
   */
  preview(): WsadminMutationOptions<Data<C, 'preview'>, Body<C, 'preview'>>;
  /**
   * Commits a previewed create (variables: `{ changes, planToken }`).
   *
   * @example
   * useMutation(q.management(7).dimensions.commitCreate()).mutate({ changes, planToken });
   */
  commitCreate(): WsadminMutationOptions<Data<C, 'create'>, Body<C, 'create'>>;
  /**
   * Commits a previewed update of object `id` (variables: `{ changes, planToken }`).
   *
   * @example
   * useMutation(q.management(7).dimensions.commitUpdate(11)).mutate({ changes, planToken });
   */
  commitUpdate(id: ObjectId): WsadminMutationOptions<Data<C, 'update'>, Body<C, 'update'>>;
  /**
   * Commits a previewed delete of object `id` (variables: `{ planToken }`).
   *
   * @example
   * useMutation(q.management(7).dimensions.commitDelete(11)).mutate({ planToken });
   */
  commitDelete(id: ObjectId): WsadminMutationOptions<Data<C, 'delete'>, Body<C, 'delete'>>;
}

/** Singular name of each kind, as in its operationIds (`updateManagedDimension`). */
const NAMES: { [C in ManagementCollection]: string } = {
  'time-series': 'TimeSeries',
  dimensions: 'Dimension',
  measures: 'Measure',
  'dimension-tables': 'DimensionTable',
  models: 'Model',
  corpus: 'Corpus',
  sops: 'Sop',
  datasets: 'Dataset',
};

function kindOf<C extends ManagementCollection>(
  client: Facade,
  ws: WorkspaceId,
  collection: C,
): ManagedCollectionQueries<C> {
  const api = () => client.management(ws).collection(collection);
  const name = NAMES[collection];
  const changed = (ids: ObjectId[]) => () => changedObjects(ws, collection, ids);
  return {
    list: () => queryOf(keys.list(ws, collection), (signal) => api().list({ signal })),
    get: (id) => queryOf(keys.detail(ws, collection, id), (signal) => api().get(id, { signal })),
    preview: () =>
      mutationOf(
        ['wsadmin', `preview${name}Change`, ws],
        (request: Body<C, 'preview'>) => api().preview(request),
        () => [],
      ),
    commitCreate: () =>
      mutationOf(
        ['wsadmin', `createManaged${name}`, ws],
        (commit: Body<C, 'create'>) => api().commitCreate(commit),
        changed([]),
      ),
    commitUpdate: (id) =>
      mutationOf(
        ['wsadmin', `updateManaged${name}`, ws, id],
        (commit: Body<C, 'update'>) => api().commitUpdate(id, commit),
        changed([id]),
      ),
    commitDelete: (id) =>
      mutationOf(
        ['wsadmin', `deleteManaged${name}`, ws, id],
        (commit: Body<C, 'delete'>) => api().commitDelete(id, commit),
        changed([id]),
      ),
  };
}

/** Factories of the management interface of one workspace. */
const managementOf = (client: Facade, ws: WorkspaceId) => ({
  /** Time series. */
  timeSeries: kindOf(client, ws, 'time-series'),
  /** Dimensions. */
  dimensions: kindOf(client, ws, 'dimensions'),
  /** Measures. */
  measures: kindOf(client, ws, 'measures'),
  /** Dimension tables. */
  dimensionTables: kindOf(client, ws, 'dimension-tables'),
  /** Models. */
  models: kindOf(client, ws, 'models'),
  /** Corpus entries. */
  corpus: kindOf(client, ws, 'corpus'),
  /** SOPs. */
  sops: kindOf(client, ws, 'sops'),
  /** Datasets. */
  datasets: kindOf(client, ws, 'datasets'),

  /**
   * An object kind by its path segment.
   *
   * @example
   * const { data } = useQuery(q.management(7).collection('dimension-tables').list());
   */
  collection: <C extends ManagementCollection>(collection: C): ManagedCollectionQueries<C> =>
    kindOf(client, ws, collection),

  /**
   * References and dependencies of an object.
   *
   * @example
   * const { data: impacts } = useQuery(q.management(7).impacts('dimensions', 11));
   */
  impacts: (type: ManagementCollection, id: ObjectId) =>
    queryOf(keys.impact(ws, type, id), (signal) => client.management(ws).impacts(type, id, { signal })),

  /**
   * An operation record, read once (add `refetchInterval` to follow it).
   *
   * @example
   * const { data: record } = useQuery({ ...q.management(7).operation(operationId), refetchInterval: 1000 });
   */
  operation: (operationId: OperationRecordId): WsadminQueryOptions<OperationRecord, OperationKey> =>
    queryOf(keys.operation(ws, operationId), (signal) =>
      client.management(ws).operation(operationId, { signal }),
    ),

  /**
   * An operation record polled until its state is final; cancelling the query stops the polling.
   *
   * @example
   * const { data: record } = useQuery(q.management(7).waitForOperation(operationId, { maxAttempts: 10 }));
   */
  waitForOperation: (operationId: OperationRecordId, poll: Omit<PollOptions, 'signal'> = {}) =>
    queryOf(keys.finalOperation(ws, operationId), (signal) =>
      client.management(ws).waitForOperation(operationId, { ...poll, signal }),
    ),

  /**
   * The whole preview-then-commit flow as one mutation (variables: the `apply` request);
   * invalidates as a commit of that kind does.
   *
   * @example
   * const apply = useMutation(q.management(7).apply());
   * apply.mutate({ collection: 'dimensions', action: 'update', targetId: 11, changes: { description: 'Region' } });
   */
  apply: <
    C extends ManagementCollection = ManagementCollection,
    A extends ManagementAction = ManagementAction,
  >(): WsadminMutationOptions<ApplyResult<C, A>, ApplyRequest<C, A>> =>
    mutationOf(
      ['wsadmin', 'apply', ws],
      (request: ApplyRequest<C, A>) => client.management(ws).apply(request),
      (request) =>
        changedObjects(ws, request.collection, request.targetId === undefined ? [] : [request.targetId]),
    ),
});

type OperationKey = ReturnType<typeof keys.operation>;

export type ManagementQueries = ReturnType<typeof managementOf>;

/** `q.management(ws)`: query and mutation factories of the management interface of a workspace. */
export type ManagementQueriesFactory = (workspaceId: WorkspaceId) => ManagementQueries;

/** Query and mutation factories of `client.management`. */
export const managementQueries =
  (client: Facade): ManagementQueriesFactory =>
  (ws) =>
    managementOf(client, ws);
