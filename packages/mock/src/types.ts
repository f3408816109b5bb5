import type {
  ErrorEnvelope,
  OperationFieldOf as Field,
  SchemaInput as InputOf,
  OperationId,
} from '@wsadmin/contract';
import type { RequestBody as SdkRequestBody, ResponseData as SdkResponseData } from '@wsadmin/sdk';

/**
 * Request and response types are the SDK's (derived once, from the generated OpenAPI types), so a
 * test's `mock.call` and the app's client agree by construction.
 */

/** Request body of an operation, as a caller writes it. */
export type RequestBody<K extends OperationId> = SdkRequestBody<K>;

/** Path parameters of an operation by name (values are sent as text). */
export type RequestParams<K extends OperationId> =
  Field<K, 'params'> extends undefined
    ? Record<string, never>
    : { [P in keyof InputOf<Field<K, 'params'>>]: string | number };

/** Query parameters of an operation. */
export type RequestQuery<K extends OperationId> =
  Field<K, 'query'> extends undefined
    ? Record<string, never>
    : { [P in keyof InputOf<Field<K, 'query'>>]?: string | number | undefined };

/** `data` of a success answer (`undefined` for envelope-only answers, where the SDK's is `void`). */
// biome-ignore lint/suspicious/noConfusingVoidType: the SDK's envelope-only methods return Promise<void>.
export type ResponseData<K extends OperationId> = [SdkResponseData<K>] extends [void]
  ? undefined
  : SdkResponseData<K>;

/** `data` an override may answer with: anything the contract accepts for the operation. */
export type OverrideData<K extends OperationId> =
  Field<K, 'data'> extends undefined
    ? // biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing answers an envelope-only operation.
      undefined | void
    : InputOf<Field<K, 'data'>>;

/** An error answer: the contract's `ErrorEnvelope`, sent with an HTTP status equal to `errcode`. */
export type ErrorAnswer = ErrorEnvelope;
