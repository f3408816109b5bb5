import { isApiError } from '../errors';
import type { Sleep } from '../transport';
import type {
  ManagementAction,
  ManagementCollection,
  ObjectId,
  OperationRecordId,
  RequestBody,
  RequestOptions,
  ResponseData,
  Schemas,
} from '../types';
import type { Op, OperationRecord } from './management-kinds';

/**
 * The management flows built on the single calls: `waitForOperation` (poll a record until it is
 * final) and `apply` (detail, preview, commit, read back, poll). Kept apart from the per-kind calls
 * in `management.ts`, which these drive through a loose view of one kind.
 */

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

/** One kind's calls, untyped by collection: `apply` drives whichever kind it is given. */
export interface LooseKind {
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

/** An `ApplyRequest` of any kind and action. */
export interface LooseApply {
  collection: string;
  action: ManagementAction;
  targetId?: number;
  changes?: object;
  operatorUid?: string;
  signal?: AbortSignal;
  retryOnConflict?: boolean | number;
  poll?: PollOptions;
}

/** `waitForOperation` over a way to read the record once. */
export function operationPoller(
  operation: (id: OperationRecordId, options?: RequestOptions) => Promise<OperationRecord>,
  sleep: Sleep,
) {
  return async (
    id: OperationRecordId,
    { intervalMs = 500, maxIntervalMs = 5000, maxAttempts = 30, ...o }: PollOptions = {},
  ): Promise<OperationRecord> => {
    for (let n = 1, delay = intervalMs; ; n++, delay = Math.min(delay * 2, maxIntervalMs)) {
      const record = await operation(id, o);
      if (n >= maxAttempts || isFinalOperation(record)) return record;
      await sleep(delay, o.signal);
    }
  };
}

/** `apply` over the kinds of one workspace (by collection) and its `waitForOperation`. */
export function applyFlow(
  kinds: Record<string, unknown>,
  waitForOperation: (id: OperationRecordId, options?: PollOptions) => Promise<OperationRecord>,
) {
  return async (request: LooseApply) => {
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
    const record = commit.operationId ? await waitForOperation(commit.operationId, { ...poll, ...o }) : null;
    return { preview, commit, readBack, operation: record };
  };
}
