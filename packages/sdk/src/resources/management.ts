import type { Context } from '../call';
import { isApiError, type Result } from '../errors';
import { managementKinds } from '../routes';
import type { Safe } from '../safe';
import type {
  CommitOptions,
  ManagementAction,
  ManagementCollection,
  ObjectId,
  OperationId,
  OperationRecordId,
  RequestBody,
  RequestOptions,
  ResponseData,
  Schemas,
  WorkspaceId,
} from '../types';

/** The SDK's name of each verb: `delete` is the contract's `remove`. */
type Step = 'list' | 'get' | 'preview' | 'create' | 'update' | 'delete';

type Kinds = typeof managementKinds;
type KindIds<O extends Kinds[ManagementCollection]['operations']> = {
  list: O['list'];
  get: O['get'];
  preview: O['preview'];
  create: O['create'];
  update: O['update'];
  delete: O['remove'];
};

/** Fails to compile when a collection is missing or a name is not an operationId of the contract. */
type Verified<T extends { [C in ManagementCollection]: Record<Step, OperationId> }> = T;

/**
 * For each collection of the management interface, the operationIds of its six operations: read
 * from the route table generated from the contract's kinds (`src/generated/routes.ts`).
 */
export type ManagementKinds = Verified<{ [C in ManagementCollection]: KindIds<Kinds[C]['operations']> }>;

type Op<C extends ManagementCollection, S extends Step> = ManagementKinds[C][S];

/** The management operation record. */
export type OperationRecord = ResponseData<'getManagementOperation'>;

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

/** How `waitForOperation` (and `apply`) poll an operation record. */
export interface PollOptions {
  /** First delay between two reads; it doubles each time. Default 500 ms. */
  intervalMs?: number;
  /** Longest delay between two reads. Default 5 000 ms. */
  maxIntervalMs?: number;
  /** Reads before giving up and returning the last record as it is. Default 30. */
  maxAttempts?: number;
  /** Stops polling (rejects with `AbortedError`). */
  signal?: AbortSignal;
}

type PreviewRequest<C extends ManagementCollection, A extends ManagementAction> = Extract<
  RequestBody<Op<C, 'preview'>>,
  { action: A }
>;

/** What `apply` needs: the object kind, the action, the target (update, delete) and the changes. */
export type ApplyRequest<C extends ManagementCollection, A extends ManagementAction> = {
  /** Object kind, e.g. `'dimensions'`. */
  collection: C;
  action: A;
  /** Account recording the operator (sent with the preview and the commit). */
  operatorUid?: NonNullable<Schemas['ManagementDeleteCommit']['operatorUid']>;
  /** Aborts every step, retries and polling included. */
  signal?: AbortSignal;
  /**
   * On a revision conflict (errcode 409, reason `revision_conflict`) read the detail again and
   * preview again, at most this many times (`true` = 3). Default off.
   */
  retryOnConflict?: boolean | number;
  /** Polling of the operation record. */
  poll?: Omit<PollOptions, 'signal'>;
} & (A extends 'create'
  ? { targetId?: never; changes: PreviewRequest<C, 'create'>['changes'] }
  : A extends 'update'
    ? { targetId: ObjectId; changes: PreviewRequest<C, 'update'>['changes'] }
    : { targetId: ObjectId; changes?: PreviewRequest<C, 'delete'>['changes'] });

/** Every answer of an `apply` run. */
export interface ApplyResult<C extends ManagementCollection, A extends ManagementAction> {
  preview: ResponseData<Op<C, 'preview'>>;
  commit: ResponseData<Op<C, A>>;
  /** The object read back after the commit; `null` after a delete. */
  readBack: A extends 'delete' ? null : ResponseData<Op<C, 'get'>>;
  /** The operation record in a final state (or the last one read); `null` without an operationId. */
  operation: OperationRecord | null;
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

/**
 * Whether an operation record needs no further polling: `verified`, `failed`, `unknown`, or `saved`
 * without a follow-up task.
 *
 * @example
 * const record = await client.management(7).operation(operationId);
 * if (!isFinalOperation(record)) setTimeout(checkAgain, 1000);
 */
export const isFinalOperation = ({ state, taskUid }: OperationRecord): boolean =>
  state === 'verified' || state === 'failed' || state === 'unknown' || (state === 'saved' && !taskUid);

type Loose = (
  operationId: string,
  input: { path: Record<string, unknown>; body?: unknown },
  options?: RequestOptions,
) => Promise<unknown>;

interface LooseKind {
  get(id: number, options: RequestOptions): Promise<{ revision: string }>;
  preview(body: object, options: RequestOptions): Promise<{ planToken: string }>;
  commitCreate(body: object, options: RequestOptions): Promise<{ id: number; operationId?: string }>;
  commitUpdate(
    id: number,
    body: object,
    options: RequestOptions,
  ): Promise<{ id: number; operationId?: string }>;
  commitDelete(
    id: number,
    body: object,
    options: RequestOptions,
  ): Promise<{ id: number; operationId?: string }>;
}

interface LooseApply {
  collection: string;
  action: ManagementAction;
  targetId?: number;
  changes?: object;
  operatorUid?: string;
  signal?: AbortSignal;
  retryOnConflict?: boolean | number;
  poll?: PollOptions;
}

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

    const waitForOperation = async (
      id: OperationRecordId,
      { intervalMs = 500, maxIntervalMs = 5000, maxAttempts = 30, ...o }: PollOptions = {},
    ) => {
      for (let n = 1, delay = intervalMs; ; n++, delay = Math.min(delay * 2, maxIntervalMs)) {
        const record = await operation(id, o);
        if (n >= maxAttempts || isFinalOperation(record)) return record;
        await sleep(delay, o.signal);
      }
    };

    const apply = async (request: LooseApply) => {
      const { action, targetId = 0, changes = {}, operatorUid, signal, poll } = request;
      const kind = kinds[request.collection] as LooseKind;
      const o: RequestOptions = signal ? { signal } : {};
      const rounds = request.retryOnConflict === true ? 3 : Number(request.retryOnConflict ?? 0);
      // detail (for the revision) -> preview -> commit; a revision conflict restarts it, `left` more times.
      const round = async (
        left: number,
      ): Promise<{ preview: { planToken: string }; commit: { id: number; operationId?: string } }> => {
        try {
          const revision = action === 'create' ? undefined : (await kind.get(targetId, o)).revision;
          const target = action === 'create' ? undefined : targetId;
          const preview = await kind.preview({ action, targetId: target, revision, changes, operatorUid }, o);
          const { planToken } = preview;
          const commit =
            action === 'create'
              ? await kind.commitCreate({ changes, planToken, operatorUid }, o)
              : action === 'update'
                ? await kind.commitUpdate(targetId, { changes, planToken, operatorUid }, o)
                : await kind.commitDelete(targetId, { planToken, operatorUid }, o);
          return { preview, commit };
        } catch (error) {
          if (left > 0 && isApiError(error, 409) && error.reason === 'revision_conflict')
            return round(left - 1);
          throw error;
        }
      };
      const { preview, commit } = await round(rounds);
      const readBack = action === 'delete' ? null : await kind.get(commit.id, o);
      const record = commit.operationId
        ? await waitForOperation(commit.operationId, { ...poll, ...o })
        : null;
      return { preview, commit, readBack, operation: record };
    };

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
