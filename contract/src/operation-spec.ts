import type { z } from 'zod';
import type { ErrorCode } from './envelope';
import type { FeaturePermission } from './primitives';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Resource areas; each becomes an OpenAPI tag. */
export const tags = {
  Scopes: 'Scope of the calling access key.',
  Management: 'Preview-then-commit configuration of workspace objects.',
  Workspaces: 'Workspaces and their settings.',
  'Time series': 'Time series (time dimensions) of a workspace.',
  Dimensions: 'Dimensions of a workspace.',
  Measures: 'Measures (indicators) of a workspace.',
  'Member groups': 'Row and model permissions of member groups.',
  Members: 'Model permissions of single members.',
  Accounts: 'User accounts.',
  Auth: 'Login-data validation.',
  extensions: 'Endpoints of the reference server that the spec does not list (see docs/spec-gaps.md).',
} as const;
export type Tag = keyof typeof tags;

/**
 * How the key may be presented. `bearer`: only `Authorization: Bearer <key>`;
 * `bearerOrKey`: also the bare `Authorization: <key>` form the spec shows for some endpoints.
 */
export type KeyForm = 'bearer' | 'bearerOrKey';

/** One method+path of the API: everything the server, the mock, the SDK and the document need. */
export interface OperationSpec {
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. `/openapi/v1/workspaces/{workspaceId}/`. */
  readonly path: `/${string}/`;
  readonly tag: Tag;
  readonly summary: string;
  /**
   * What the operation does and changes, in a sentence or two. The document's description adds
   * the facts below (permission, workspace scope, whether it writes, error codes) to it, so those
   * are stated once here (operation-description.ts).
   */
  readonly description: string;
  /**
   * How the key's workspace set applies when the path names no workspace (`{workspaceId}` in the
   * path is checked before the handler runs, and says so itself).
   */
  readonly workspaceScope?: string;
  /** A POST that changes nothing (a preview, a lookup): the document then says it only reads. */
  readonly readsOnly?: true;
  /** Feature permission the key needs; `null` when any valid key will do. */
  readonly permission: FeaturePermission | null;
  readonly keyForm?: KeyForm;
  /** Added by the reference server; tagged `extensions` in the document. */
  readonly extension?: boolean;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Schema of `data` on success; absent when the success envelope has no `data`. */
  readonly data?: z.ZodType;
  /** Error codes beyond the ones every operation can return (400, 401, 403, 429, 500, 503). */
  readonly errors?: readonly ErrorCode[];
  /**
   * Facts of the reference server's handler (the document does not show them). A GET whose answer
   * is a function of the stored rows, the access key and the request line alone: no clock, no
   * request header, no side effect. While the database has not changed, the same request by the
   * same key gets the same bytes, so the server may answer it again without running the handler
   * (its answer cache). Not the management reads: they first run due refresh tasks.
   */
  readonly storedDataRead?: true;
  /** Hashes or verifies a password (about 128 MiB and tens of milliseconds each): the strict rate limit applies. */
  readonly hashesPasswords?: true;
  /** The handler may answer with the `data`'s JSON text, kept with the rows, instead of a value. */
  readonly textAnswer?: true;
}

/** The facts an operation may declare about its handler. */
export type OperationFact = 'storedDataRead' | 'hashesPasswords' | 'textAnswer';

/** Identity function that keeps the literal type of an operation. */
export function defineOperation<const T extends OperationSpec>(spec: T): T {
  return spec;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Raw<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives once the request has been validated. */
export interface ParsedRequest<Op extends OperationSpec> {
  params: Parsed<Op['params']>;
  query: Parsed<Op['query']>;
  headers: Parsed<Op['headers']>;
  body: Parsed<Op['body']>;
}

/** The `data` a handler returns on success (`undefined` for envelope-only answers). */
export type SuccessData<Op extends OperationSpec> = Raw<Op['data']>;

/**
 * One schema of an operation (`'params'`, `'query'`, `'body'`, `'data'`, ...); `undefined` when the
 * operation has none. With `SchemaInput` / `SchemaOutput` it types the test clients (the mock's and
 * the scenario suite's) from the contract.
 */
export type OperationField<Op extends OperationSpec, F extends keyof OperationSpec> = Op extends {
  readonly [P in F]: infer S;
}
  ? S
  : undefined;

// zod 4 keeps a schema's input and output types under `_zod` (that is how `z.input` and `z.output`
// are defined), so these need no zod import in the packages that use them.
/** What a caller writes for a schema; `never` for a part the operation does not have. */
export type SchemaInput<S> = S extends { _zod: { input: infer I } } ? I : never;
/** What a schema parses to; `undefined` for a part the operation does not have. */
export type SchemaOutput<S> = S extends { _zod: { output: infer O } } ? O : undefined;
