import type {
  ErrorEnvelope,
  OperationFieldOf as Field,
  SchemaInput as InputOf,
  OperationId,
  SchemaOutput as OutputOf,
} from '@wsadmin/contract';

/** Request body of an operation, as a caller writes it. */
export type RequestBody<K extends OperationId> = InputOf<Field<K, 'body'>>;

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

/** `data` of a success answer, as the contract parses it (`undefined` for envelope-only answers). */
export type ResponseData<K extends OperationId> =
  Field<K, 'data'> extends undefined ? undefined : OutputOf<Field<K, 'data'>>;

/** `data` an override may answer with: anything the contract accepts for the operation. */
export type OverrideData<K extends OperationId> =
  Field<K, 'data'> extends undefined
    ? // biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing answers an envelope-only operation.
      undefined | void
    : InputOf<Field<K, 'data'>>;

/** An error answer: the contract's `ErrorEnvelope`, sent with an HTTP status equal to `errcode`. */
export type ErrorAnswer = ErrorEnvelope;
