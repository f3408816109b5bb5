import type { OperationId } from '@wsadmin/contract';
import { ApiError, InvalidResponseError, type WsadminClient, WsadminError } from '@wsadmin/sdk';

/** What one operation is called with: path values, query, JSON body, extra headers. */
export interface OperationInput {
  readonly params?: Readonly<Record<string, unknown>> | undefined;
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** An issue of an error envelope: the field (dotted) and what is wrong with it. */
export interface OutcomeIssue {
  readonly path: string;
  readonly message: string;
}

/** The answer of one call: the envelope's `data`, or what went wrong. */
export type Outcome =
  | { readonly ok: true; readonly data: unknown }
  | {
      readonly ok: false;
      /** The envelope's errcode; absent when no answer came (network, timeout). */
      readonly errcode?: number | undefined;
      readonly errmsg: string;
      readonly issues?: readonly OutcomeIssue[] | undefined;
    };

/** `client.call` with its input as data: the tools pick the operation at run time. */
type CallByData = (
  operationId: OperationId,
  input: { path?: unknown; query?: unknown; body?: unknown },
  options: { headers?: Readonly<Record<string, string>> | undefined },
) => Promise<unknown>;

/**
 * Calls one operation by its operationId through the SDK's client (its request builder, retries,
 * timeout and key), and reads the envelope. Never throws for an answer or a network failure: both
 * become an `Outcome`, which the tools turn into tool results.
 */
export async function callOperation(
  client: WsadminClient,
  operationId: OperationId,
  input: OperationInput,
): Promise<Outcome> {
  const call = client.call as CallByData;
  try {
    const data = await call(
      operationId,
      { path: input.params ?? {}, query: input.query, body: input.body },
      { headers: input.headers },
    );
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ApiError) {
      const issues = error.issues.length > 0 ? (error.issues as OutcomeIssue[]) : undefined;
      return { ok: false, errmsg: error.errmsg, errcode: error.errcode, issues };
    }
    if (error instanceof InvalidResponseError)
      return { ok: false, errmsg: `${operationId}: the answer (HTTP ${error.status}) is no envelope` };
    if (error instanceof WsadminError) return { ok: false, errmsg: error.message };
    throw error;
  }
}
