import type { OperationId } from '@wsadmin/contract';
import { assertOperationId, isSuccess, readEnvelope, requestOf } from '@wsadmin/contract/routes';
import type { ErrorAnswer, RequestBody, RequestParams, RequestQuery, ResponseData } from './types';

/** Origin of requests the mock sends to its own app (seeds, `mock.client`); never on a network. */
export const INTERNAL_ORIGIN = 'http://wsadmin.mock.internal';

/** What a call sends; typed by the contract. */
export interface MockCallInput<K extends OperationId> {
  params?: RequestParams<K>;
  query?: RequestQuery<K>;
  body?: RequestBody<K>;
  headers?: Record<string, string>;
  /** Key secret; defaults to `MOCK_KEY`. */
  key?: string;
}

/** Calls operations of the mock's app directly: no MSW, no overrides. Used by seeds and tests. */
export interface MockClient {
  /** Resolves with the success `data`; rejects with `MockRequestError` on an error answer. */
  call<K extends OperationId>(operationId: K, input?: MockCallInput<K>): Promise<ResponseData<K>>;
}

/** An error answer of the app. Thrown inside an override handler, it becomes that handler's answer. */
export class MockRequestError extends Error {
  override readonly name = 'MockRequestError';

  constructor(
    readonly operationId: OperationId,
    readonly status: number,
    readonly answer: ErrorAnswer,
  ) {
    super(`${operationId} answered ${answer.errcode}: ${answer.errmsg}`);
  }
}

/** Reads an envelope; throws `MockRequestError` unless it is a success. */
export async function dataOf<K extends OperationId>(
  operationId: K,
  response: Response,
): Promise<ResponseData<K>> {
  const envelope = readEnvelope(await response.json());
  if (!envelope) throw new Error(`${operationId}: the app answered ${response.status} without an envelope`);
  if (!isSuccess(envelope)) throw new MockRequestError(operationId, response.status, envelope as ErrorAnswer);
  return envelope.data as ResponseData<K>;
}

export function mockClient(fetch: (request: Request) => Promise<Response>, defaultKey: string): MockClient {
  return {
    async call(operationId, input = {}) {
      assertOperationId(operationId, 'mock.client.call');
      const headers = new Headers(input.headers);
      headers.set('authorization', `Bearer ${input.key ?? defaultKey}`);
      // The contract's route table and path builder; path values may be text (override contexts hand them out so).
      const request = requestOf(
        operationId,
        INTERNAL_ORIGIN,
        { ...input, headers },
        { integersAsText: true },
      );
      return dataOf(operationId, await fetch(request));
    },
  };
}
