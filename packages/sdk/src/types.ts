import type { components, operations, paths } from './generated/openapi';

/**
 * Types derived from the generated OpenAPI types (`src/generated/openapi.ts`). Every parameter and
 * return type of the facade is written with these helpers, so a change in the contract reaches
 * the SDK's signatures through `npm run generate` alone.
 */

export type { components, operations, paths };

/** Every named schema of the contract, e.g. `Schemas['Workspace']`. */
export type Schemas = components['schemas'];

/** The operationId of every operation, e.g. `'getWorkspace'`. */
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** `data` of the success envelope of an operation; `void` for envelope-only answers. */
export type ResponseData<K extends OperationId> =
  // biome-ignore lint/suspicious/noConfusingVoidType: the methods of envelope-only operations return Promise<void>
  JsonOf<operations[K]['responses'][200]> extends { data: infer D } ? D : void;

/** JSON request body of an operation (`never` when it takes none). */
export type RequestBody<K extends OperationId> = JsonOf<operations[K]['requestBody']>;

/** Query parameters of an operation. */
export type QueryParams<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** Path parameters of an operation. */
export type PathParams<K extends OperationId> = NonNullable<operations[K]['parameters']['path']>;

/** Every error code some operation declares (400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429, 500, 503). */
export type ErrorCode = Exclude<{ [K in OperationId]: keyof operations[K]['responses'] }[OperationId], 200>;

/** Machine-readable reason of an error envelope, e.g. `'revision_conflict'`. */
export type ErrorReason = Schemas['ErrorReason'];
/** One invalid field of an error envelope. */
export type ErrorIssue = Schemas['ErrorIssue'];

export type WorkspaceId = PathParams<'getWorkspace'>['workspaceId'];
export type TimeSeriesId = PathParams<'getTimeSeries'>['timeSeriesId'];
export type MemberGroupId = PathParams<'deleteMemberGroup'>['member_groups_pk'];
export type MemberUid = PathParams<'removeMember'>['member_uid'];
export type AccountUid = PathParams<'getAccount'>['account_uid'];
/** Id of an object of the management interface. */
export type ObjectId = PathParams<'getManagedDimension'>['id'];
/** Path segment of a management object kind, also the `type` of impacts. */
export type ManagementCollection = PathParams<'getManagementImpacts'>['type'];
export type ManagementAction = Schemas['ManagementAction'];
export type OperationRecordId = PathParams<'getManagementOperation'>['operationId'];

/** Options every facade method accepts as its last argument. */
export interface RequestOptions {
  /** Aborts the call, its retries and any polling (rejects with `AbortedError`). */
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/** Options of a management commit. */
export interface CommitOptions extends RequestOptions {
  /** Idempotency-Key of the commit; a fresh `crypto.randomUUID()` when omitted. Retries reuse it. */
  idempotencyKey?: string;
}
