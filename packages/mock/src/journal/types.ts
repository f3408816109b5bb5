import type { OperationId } from '@wsadmin/contract';
import type { ErrorAnswer, RequestBody, RequestParams, ResponseData } from '../types';
import type { MockChangeKind } from './kinds';

export type { ManagementObjectKind, MockChangeKind } from './kinds';

/** One row a request wrote, by the kind of object it stores. */
export interface MockChange {
  readonly kind: MockChangeKind;
  /** The SQL table. */
  readonly table: string;
  readonly action: 'created' | 'updated' | 'deleted';
  /** The row's key (a composite key's values joined as `a/b`). */
  readonly id: string | number;
  /** The row before (updated, deleted); secret columns read `'[redacted]'`. */
  readonly before?: Readonly<Record<string, unknown>>;
  /** The row after (created, updated); secret columns read `'[redacted]'`. */
  readonly after?: Readonly<Record<string, unknown>>;
}

/** What the mock answered. */
export interface MockAnswer<K extends OperationId | undefined = OperationId | undefined> {
  /** HTTP status; 0 for a network error. */
  readonly status: number;
  /** The envelope's `errcode` (200 on success); undefined when the answer is no envelope. */
  readonly errcode: number | undefined;
  readonly errmsg: string | undefined;
  /** The envelope's `data`: the operation's data on success, an error's detail otherwise. */
  readonly data: K extends OperationId ? ResponseData<K> | ErrorAnswer['data'] | undefined : unknown;
  /** Lower-case names; cookies redacted. */
  readonly headers: Readonly<Record<string, string>>;
}

/** What every journal entry has, whatever its operation. */
export interface MockRequestCommon {
  /** 1, 2, 3... since the mock was made or last reset. */
  readonly seq: number;
  readonly method: string;
  /** As sent. */
  readonly url: string;
  /** Below the base URL, e.g. `/openapi/v1/workspaces/7/`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[]>>;
  /** Lower-case names; `authorization`, `cookie`, `x-api-key` and other credentials read `'[redacted]'`. */
  readonly headers: Readonly<Record<string, string>>;
  /** ISO time on the mock's clock. */
  readonly startedAt: string;
  readonly durationMs: number;
  /** An override answered (not the app alone). */
  readonly overridden: boolean;
  /** Rows the request wrote, in order. */
  readonly changes: readonly MockChange[];
}

/** A request to an operation of the contract: `params` and `body` typed by `operationId`. */
export type MockOperationRequest<K extends OperationId = OperationId> = {
  [Id in K]: MockRequestCommon & {
    readonly operationId: Id;
    /** Path parameters by name, as text. */
    readonly params: { readonly [P in keyof RequestParams<Id>]: string };
    /** The JSON body as sent (the text where it is not JSON); password fields read `'[redacted]'`. */
    readonly body: RequestBody<Id> | undefined;
    readonly answer: MockAnswer<Id>;
  };
}[K];

/** A request to a path no operation has (answered 404 or 405 by the app). */
export interface MockUnmatchedRequest extends MockRequestCommon {
  readonly operationId: undefined;
  readonly params: Readonly<Record<string, never>>;
  readonly body: unknown;
  readonly answer: MockAnswer<undefined>;
}

/** One request the mock answered. Narrow on `operationId` to type `params`, `body` and `answer.data`. */
export type MockRequest = MockOperationRequest | MockUnmatchedRequest;

/** `createMock({ journal })`: `false` keeps no journal (a little faster). */
export type MockJournalOptions =
  | {
      /** Entries kept, oldest dropped first. Default 1000. */
      limit?: number;
    }
  | false;
