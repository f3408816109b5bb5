import type { Client } from 'openapi-fetch';
import { ApiError, InvalidResponseError, WsadminError } from './errors';
import type { paths } from './generated/openapi';
import type { Sleep } from './transport';
import type { OperationId, QueryParams, RequestBody, RequestOptions, ResponseData } from './types';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Calls one operation through the raw openapi-fetch client and unwraps its envelope. `args` fill the
 * `{placeholders}` of `path` in order. Resolves with `data`; rejects with a `WsadminError`.
 */
export type Call = <K extends OperationId>(
  operationId: K,
  method: Method,
  path: string,
  args: readonly (string | number)[],
  options?: RequestOptions,
  body?: RequestBody<K>,
  query?: QueryParams<K>,
) => Promise<ResponseData<K>>;

/** What the resource factories get from the client. */
export interface Context {
  call: Call;
  sleep: Sleep;
}

type RawResult = { data?: unknown; error?: unknown; response: Response };
type LooseRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<RawResult>;

interface Envelope {
  errcode: number;
  errmsg: string;
  data?: unknown;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Envelope).errcode === 'number' &&
  typeof (value as Envelope).errmsg === 'string';

export function createCall(raw: Client<paths>): Call {
  // The facade passes method and path as data, so the path-typed signature is widened here, once.
  const request = raw.request as unknown as LooseRequest;
  return async (operationId, method, path, args, options, body, query) => {
    const params: Record<string, string | number | undefined> = {};
    let i = 0;
    for (const [, name = ''] of path.matchAll(/\{(\w+)\}/g)) params[name] = args[i++];
    let result: RawResult;
    try {
      result = await request(method, path, {
        params: { path: params, query },
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
    if (!isEnvelope(envelope)) throw new InvalidResponseError(operationId, response, text);
    if (envelope.errcode !== 200)
      throw new ApiError(operationId, envelope as ConstructorParameters<typeof ApiError>[1], response);
    return envelope.data as ResponseData<typeof operationId>;
  };
}
