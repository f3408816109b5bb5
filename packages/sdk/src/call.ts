import { isSuccess, readEnvelope } from '@wsadmin/contract/routes';
import type { Client } from 'openapi-fetch';
import { ApiError, InvalidResponseError, WsadminError } from './errors';
import type { paths } from './generated/openapi';
import { pathOf, routes } from './route-table';
import type { Sleep } from './transport';
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
 * Calls one operation through the raw openapi-fetch client and unwraps its envelope. Method and
 * path come from the generated route table; `pathOf` checks and encodes the path values (a bad one
 * is a `ConfigurationError` before any request). Resolves with `data`; rejects with a `WsadminError`.
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

type RawResult = { data?: unknown; error?: unknown; response: Response };
type LooseRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<RawResult>;

export function createCall(raw: Client<paths>): Call {
  // The facade passes method and path as data, so the path-typed signature is widened here, once.
  const request = raw.request as unknown as LooseRequest;
  return async (operationId, input, options) => {
    const { body, query } = input;
    // Filled and checked here, not by openapi-fetch, which would send `..` or an empty value as it is.
    // The ConfigurationError names the operation already.
    const path = pathOf(operationId, input.path as Readonly<Record<string, unknown>> | undefined);
    let result: RawResult;
    try {
      result = await request(routes[operationId].method, path, {
        params: { query },
        body,
        headers: options?.headers,
        signal: options?.signal,
        parseAs: 'text',
      });
    } catch (error) {
      if (error instanceof WsadminError) {
        error.operationId ??= operationId;
        error.message = `${operationId}: ${error.message}`;
      }
      throw error;
    }
    const { data, error, response } = result;
    // openapi-fetch hands over the text of a 2xx answer and the parsed JSON (or text) of others.
    let text = typeof error === 'string' ? error : (JSON.stringify(error) ?? '');
    let envelope: unknown = error;
    if (response.ok) {
      text = typeof data === 'string' ? data : '';
      try {
        envelope = JSON.parse(text);
      } catch {}
    }
    const read = readEnvelope(envelope);
    if (!read) throw new InvalidResponseError(operationId, response, text);
    if (!isSuccess(read))
      throw new ApiError(operationId, read as ConstructorParameters<typeof ApiError>[1], response);
    return read.data as ResponseData<typeof operationId>;
  };
}
