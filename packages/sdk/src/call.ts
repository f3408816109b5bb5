import { isSuccess, readEnvelope } from '@wsadmin/contract/routes';
import { ApiError, InvalidResponseError, WsadminError } from './errors';
import { routeRequestOf } from './route-table';
import type { Answer, Send, Sleep } from './transport';
import type {
  OperationId,
  PathParams,
  QueryParams,
  RequestBody,
  RequestOptions,
  ResponseData,
} from './types';

/** Path parameters of an operation by name; none for operations without any. */
export type PathInput<K extends OperationId> = [PathParams<K>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<K> };

/** What one call sends: path parameters, JSON body and query, typed by the operation. */
export type CallInput<K extends OperationId> = PathInput<K> & {
  body?: RequestBody<K> | undefined;
  query?: QueryParams<K> | undefined;
};

/**
 * Calls one operation and unwraps its envelope. The request comes from the one request builder
 * (`routeRequest` of the route table: method and path from the table, path values checked and
 * encoded, a bad one a `ConfigurationError` before any request); the answer is read once, as text,
 * and parsed once (by the transport). Resolves with `data`; rejects with a `WsadminError`.
 */
export type Call = <K extends OperationId>(
  operationId: K,
  input: CallInput<K>,
  options?: RequestOptions,
) => Promise<ResponseData<K>>;

/** What the resource factories get from the client. */
export interface Context {
  call: Call;
  sleep: Sleep;
}

/** Where and how the calls of one client are sent. */
export interface CallTarget {
  baseUrl: string;
  /** Sent with every call (the key's Authorization among them), names in lower case; a call's own headers win. */
  headers: Readonly<Record<string, string>>;
  send: Send;
}

/**
 * `headers` with `added` set over them, names in lower case (as `Headers` keeps them). A plain
 * record, not a `Headers`: MSW replaces the global `Headers` class, and a copy of an instance made
 * before that comes out empty.
 */
export function withHeaders(
  headers: Readonly<Record<string, string>>,
  added: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const merged = { ...headers };
  for (const [name, value] of Object.entries(added)) merged[name.toLowerCase()] = value;
  return merged;
}

export function createCall({ baseUrl, headers, send }: CallTarget): Call {
  return async (operationId, input, options) => {
    const { body, query } = input;
    const sent = withHeaders(headers, options?.headers);
    // The ConfigurationError of a refused path value names the operation already.
    const request = routeRequestOf(operationId, baseUrl, {
      params: input.path as Readonly<Record<string, unknown>> | undefined,
      query,
      body,
      headers: sent,
      signal: options?.signal,
    });
    let answer: Answer;
    try {
      answer = await send(request);
    } catch (error) {
      if (error instanceof WsadminError) {
        error.operationId ??= operationId;
        error.message = `${operationId}: ${error.message}`;
      }
      throw error;
    }
    const { response, text, json } = answer;
    const read = readEnvelope(json);
    if (!read) throw new InvalidResponseError(operationId, response, text);
    if (!isSuccess(read))
      throw new ApiError(operationId, read as ConstructorParameters<typeof ApiError>[1], response);
    return read.data as ResponseData<typeof operationId>;
  };
}
