import type {
  OperationFieldOf as Field,
  SchemaInput as In,
  OperationId,
  SchemaOutput as Out,
} from '@wsadmin/contract';
import { pathOf, readEnvelope, requestTo, routes, successEnvelope } from '@wsadmin/contract/routes';
import type { Target } from './target';
import { expect } from './test-api';

/** What a scenario sends for an operation; typed by the contract, so scenarios cannot drift from it. */
export interface CallInput<K extends OperationId> {
  params?: In<Field<K, 'params'>> | Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: In<Field<K, 'body'>> | unknown;
  headers?: Record<string, string>;
  /** Key secret; defaults to the target's unrestricted key; `null` sends no Authorization. */
  key?: string | null;
  /** Raw body text instead of JSON.stringify(body). */
  rawBody?: string;
}

export interface Answer {
  status: number;
  errcode: number;
  errmsg: string;
  data: unknown;
  headers: Headers;
}

export function scenarioClient(target: () => Target) {
  async function send(
    method: string,
    path: string,
    input: Omit<CallInput<OperationId>, 'params'> = {},
  ): Promise<Answer> {
    const t = target();
    const headers = new Headers(input.headers);
    const key = input.key === undefined ? t.key : input.key;
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    const response = await t.fetch(requestTo(t.baseUrl, method, path, { ...input, headers }));
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(
        `${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    const envelope = readEnvelope(json);
    if (!envelope)
      throw new Error(
        `${method} ${path} answered ${response.status} without an envelope: ${text.slice(0, 200)}`,
      );
    return { status: response.status, ...envelope, data: envelope.data, headers: response.headers };
  }

  /** Sends an operation and returns the whole answer (for error cases). */
  function call<K extends OperationId>(operationId: K, input: CallInput<K> = {}): Promise<Answer> {
    // The contract's route table and path builder; path values may be text, as in a URL.
    const path = pathOf(operationId, input.params, { integersAsText: true });
    return send(routes[operationId].method.toUpperCase(), path, input);
  }

  /** Sends an operation, expects success, and returns its `data` typed by the contract. */
  async function ok<K extends OperationId>(
    operationId: K,
    input: CallInput<K> = {},
  ): Promise<Out<Field<K, 'data'>>> {
    const answer = await call(operationId, input);
    expect(answer, `${operationId}: ${answer.errmsg}`).toMatchObject({
      status: 200,
      ...successEnvelope(undefined, false),
    });
    return answer.data as Out<Field<K, 'data'>>;
  }

  /** Sends an operation and expects an error with `errcode` (and HTTP status) equal to `code`. */
  async function fails<K extends OperationId>(
    operationId: K,
    code: number,
    input: CallInput<K> = {},
  ): Promise<Answer> {
    const answer = await call(operationId, input);
    expect({ status: answer.status, errcode: answer.errcode }, `${operationId}: ${answer.errmsg}`).toEqual({
      status: code,
      errcode: code,
    });
    expect(answer.errmsg.length).toBeGreaterThan(0);
    return answer;
  }

  return { call, ok, fails, send };
}

export type ScenarioClient = ReturnType<typeof scenarioClient>;
