import { type OperationId, type Operations, operations } from '@wsadmin/contract';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Target } from './target';

type Field<K extends OperationId, F extends string> = Operations[K] extends { readonly [P in F]: infer S }
  ? S
  : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

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

/** Fills `{name}` placeholders of an operation path. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function scenarioClient(target: () => Target) {
  async function send(
    method: string,
    path: string,
    input: Omit<CallInput<OperationId>, 'params'> = {},
  ): Promise<Answer> {
    const t = target();
    const url = new URL(path, t.baseUrl);
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers = new Headers(input.headers);
    const key = input.key === undefined ? t.key : input.key;
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    let body: string | undefined = input.rawBody;
    if (body === undefined && input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers.set('content-type', 'application/json');
    }
    const response = await t.fetch(
      new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }),
    );
    const text = await response.text();
    let json: { errcode?: unknown; errmsg?: unknown; data?: unknown };
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(
        `${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    return {
      status: response.status,
      errcode: Number(json.errcode),
      errmsg: String(json.errmsg),
      data: json.data,
      headers: response.headers,
    };
  }

  /** Sends an operation and returns the whole answer (for error cases). */
  function call<K extends OperationId>(operationId: K, input: CallInput<K> = {}): Promise<Answer> {
    const op = operations[operationId];
    return send(
      op.method.toUpperCase(),
      pathOf(op.path, input.params as Record<string, string | number>),
      input,
    );
  }

  /** Sends an operation, expects success, and returns its `data` typed by the contract. */
  async function ok<K extends OperationId>(
    operationId: K,
    input: CallInput<K> = {},
  ): Promise<Out<Field<K, 'data'>>> {
    const answer = await call(operationId, input);
    expect(answer, `${operationId}: ${answer.errmsg}`).toMatchObject({
      status: 200,
      errcode: 200,
      errmsg: 'success',
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
