import type { Context } from '../call';
import type { Result } from '../errors';
import { managementKinds } from '../route-table';
import type { Safe } from '../safe';
import type {
  CommitOptions,
  ManagementAction,
  ManagementCollection,
  ObjectId,
  OperationRecordId,
  RequestBody,
  RequestOptions,
  ResponseData,
  WorkspaceId,
} from '../types';
import {
  type ApplyRequest,
  type ApplyResult,
  applyFlow,
  operationPoller,
  type PollOptions,
} from './management-apply';
import type { Kinds, Op, OperationRecord } from './management-kinds';

export {
  type ApplyRequest,
  type ApplyResult,
  isFinalOperation,
  type PollOptions,
} from './management-apply';
export type { ManagementKinds, OperationRecord } from './management-kinds';

/** `{collection}/` of the management interface: one object kind, read and changed by preview-then-commit. */
export interface ManagedCollectionApi<C extends ManagementCollection> {
  /**
   * Lists summaries `{ id, name, revision }`.
   *
   * @example
   * const summaries = await client.management(7).dimensions.list();
   */
  list(options?: RequestOptions): Promise<ResponseData<Op<C, 'list'>>>;

  /**
   * One object with its `definition` and `revision`.
   *
   * @example
   * const { definition, revision } = await client.management(7).dimensions.get(11);
   */
  get(id: ObjectId, options?: RequestOptions): Promise<ResponseData<Op<C, 'get'>>>;

  /**
   * Previews a change without saving it; answers the impact, the candidate and a plan token valid
   * for 10 minutes.
   *
   * @example
   * const { revision } = await client.management(7).dimensions.get(11);
   * const preview = await client.management(7).dimensions.preview({
   *   action: 'update',
   *   targetId: 11,
   *   revision,
   *   changes: { description: 'Sales region' },
   * });
   */
  preview(
    request: RequestBody<Op<C, 'preview'>>,
    options?: RequestOptions,
  ): Promise<ResponseData<Op<C, 'preview'>>>;

  /**
   * Commits a previewed create, with an Idempotency-Key (generated unless given).
   *
   * @example
   * const changes = { type: 'string' as const, format: 'text', names: ['region'] };
   * const { planToken } = await client.management(7).dimensions.preview({ action: 'create', changes });
   * const result = await client.management(7).dimensions.commitCreate({ changes, planToken });
   */
  commitCreate(
    commit: RequestBody<Op<C, 'create'>>,
    options?: CommitOptions,
  ): Promise<ResponseData<Op<C, 'create'>>>;

  /**
   * Commits a previewed update, with an Idempotency-Key (generated unless given).
   *
   * @example
   * const result = await client.management(7).dimensions.commitUpdate(11, { changes, planToken: preview.planToken });
   */
  commitUpdate(
    id: ObjectId,
    commit: RequestBody<Op<C, 'update'>>,
    options?: CommitOptions,
  ): Promise<ResponseData<Op<C, 'update'>>>;

  /**
   * Commits a previewed delete, with an Idempotency-Key (generated unless given).
   *
   * @example
   * const result = await client.management(7).dimensions.commitDelete(11, { planToken: preview.planToken });
   */
  commitDelete(
    id: ObjectId,
    commit: RequestBody<Op<C, 'delete'>>,
    options?: CommitOptions,
  ): Promise<ResponseData<Op<C, 'delete'>>>;
}

/** `/openapi/v1/workspaces/{workspaceId}/management/`: preview-then-commit configuration of one workspace. */
/**
 * One property per object kind of a kinds table, named by the kind's `facade` (e.g.
 * `dimensionTables` for `dimension-tables`).
 */
export type ManagedCollectionsOf<
  T extends { readonly [C in ManagementCollection]: { readonly facade: string } },
> = { readonly [C in ManagementCollection as T[C]['facade']]: ManagedCollectionApi<C> };

/** `timeSeries`, `dimensions`, `measures`, `dimensionTables`, `models`, `corpus`, `sops`, `datasets`. */
export type ManagedCollections = ManagedCollectionsOf<Kinds>;

/** `/openapi/v1/workspaces/{workspaceId}/management/`: preview-then-commit configuration of one workspace. */
export interface ManagementApi extends ManagedCollections {
  /**
   * An object kind by its path segment, for code that handles kinds alike.
   *
   * @example
   * const summaries = await client.management(7).collection('dimension-tables').list();
   */
  collection<C extends ManagementCollection>(collection: C): ManagedCollectionApi<C>;

  /**
   * References and dependencies of an object.
   *
   * @example
   * const { usedByModels, dependentMeasures } = await client.management(7).impacts('dimensions', 11);
   */
  impacts(
    type: ManagementCollection,
    id: ObjectId,
    options?: RequestOptions,
  ): Promise<ResponseData<'getManagementImpacts'>>;

  /**
   * Reads an operation record once.
   *
   * @example
   * const { state, taskResult } = await client.management(7).operation(commit.operationId);
   */
  operation(operationId: OperationRecordId, options?: RequestOptions): Promise<OperationRecord>;

  /**
   * Reads an operation record until its state is final (`verified`, `failed`, `unknown`, or `saved`
   * without a follow-up task), with a growing delay; after `maxAttempts` reads returns the last one.
   *
   * @example
   * const record = await client.management(7).waitForOperation(commit.operationId, { maxAttempts: 10 });
   * if (record.state !== 'verified' && record.state !== 'saved') console.warn(record.taskResult?.message);
   */
  waitForOperation(operationId: OperationRecordId, options?: PollOptions): Promise<OperationRecord>;

  /**
   * The whole recommended flow in one call: reads the detail for its revision (update, delete),
   * previews, commits with a fresh Idempotency-Key, reads the object back (not after a delete) and,
   * when an operationId comes back, polls the operation until it is final. With `retryOnConflict`
   * a revision conflict restarts from the detail read.
   *
   * @example
   * const { commit, readBack, operation } = await client.management(7).apply({
   *   collection: 'dimensions',
   *   action: 'update',
   *   targetId: 11,
   *   changes: { description: 'Sales region' },
   *   retryOnConflict: true,
   * });
   * console.log(readBack.revision, operation?.state);
   */
  apply<C extends ManagementCollection, A extends ManagementAction>(
    request: ApplyRequest<C, A>,
  ): Promise<ApplyResult<C, A>>;
}

/** `client.safe.management(workspaceId)`. */
export type SafeManagementApi = Safe<Omit<ManagementApi, 'apply' | 'collection'>> & {
  collection<C extends ManagementCollection>(collection: C): Safe<ManagedCollectionApi<C>>;
  apply<C extends ManagementCollection, A extends ManagementAction>(
    request: ApplyRequest<C, A>,
  ): Promise<Result<ApplyResult<C, A>>>;
};

/**
 * `client.management(workspaceId)`: the management interface of one workspace.
 *
 * @example
 * const dimensions = client.management(7).dimensions;
 * const summaries = await dimensions.list();
 */
export type ManagementFactory = (workspaceId: WorkspaceId) => ManagementApi;

type Loose = (
  operationId: string,
  input: { path: Record<string, unknown>; body?: unknown },
  options?: RequestOptions,
) => Promise<unknown>;

export function management({ call, sleep }: Context): ManagementFactory {
  const loose = call as unknown as Loose;
  return (ws) => {
    const kinds: Record<string, unknown> = {};
    const api: Record<string, unknown> = {};
    // A commit carries an Idempotency-Key; the transport retries it with that same key.
    const withKey = (o?: CommitOptions) => ({
      ...o,
      headers: { ...o?.headers, 'Idempotency-Key': o?.idempotencyKey ?? crypto.randomUUID() },
    });
    const all = { workspaceId: ws };
    const one = (id: number) => ({ workspaceId: ws, id });
    for (const [collection, { facade, operations: ids }] of Object.entries(managementKinds)) {
      kinds[collection] = api[facade] = {
        list: (o?: RequestOptions) => loose(ids.list, { path: all }, o),
        get: (id: number, o?: RequestOptions) => loose(ids.get, { path: one(id) }, o),
        preview: (body: object, o?: RequestOptions) => loose(ids.preview, { path: all, body }, o),
        commitCreate: (body: object, o?: CommitOptions) => loose(ids.create, { path: all, body }, withKey(o)),
        commitUpdate: (id: number, body: object, o?: CommitOptions) =>
          loose(ids.update, { path: one(id), body }, withKey(o)),
        commitDelete: (id: number, body: object, o?: CommitOptions) =>
          loose(ids.remove, { path: one(id), body }, withKey(o)),
      };
    }

    const operation = (operationId: OperationRecordId, o?: RequestOptions) =>
      call('getManagementOperation', { path: { workspaceId: ws, operationId } }, o);

    const waitForOperation = operationPoller(operation, sleep);
    const apply = applyFlow(kinds, waitForOperation);

    return Object.assign(api, {
      collection: (c: string) => kinds[c],
      impacts: (type: ManagementCollection, id: ObjectId, o?: RequestOptions) =>
        call('getManagementImpacts', { path: { workspaceId: ws, type, id } }, o),
      operation,
      waitForOperation,
      apply,
    }) as unknown as ManagementApi;
  };
}
