import type { OperationId } from '@wsadmin/contract';
import { isSuccess, readEnvelope } from '@wsadmin/contract/routes';
import { pathOf, routes, type WsadminClient, WsadminError } from '@wsadmin/sdk';

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

type RawResult = { data?: unknown; error?: unknown; response: Response };
type LooseRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<RawResult>;

/**
 * Calls one operation by its operationId through the SDK's client (its retries, timeout and key),
 * with method and path from the route table, and reads the envelope. Never throws for an answer or
 * a network failure: both become an `Outcome`, which the tools turn into tool results.
 */
export async function callOperation(
  client: WsadminClient,
  operationId: OperationId,
  input: OperationInput,
): Promise<Outcome> {
  // The typed client wants literal paths; the tools pass the route table's as data.
  const request = client.raw.request as unknown as LooseRequest;
  try {
    const path = pathOf(operationId, input.params ?? {});
    const { data, error, response } = await request(routes[operationId].method, path, {
      params: { query: input.query },
      body: input.body,
      headers: input.headers,
      parseAs: 'text',
    });
    let envelope: unknown = error;
    if (response.ok && typeof data === 'string') {
      try {
        envelope = JSON.parse(data);
      } catch {}
    }
    const read = readEnvelope(envelope);
    if (!read)
      return { ok: false, errmsg: `${operationId}: the answer (HTTP ${response.status}) is no envelope` };
    if (isSuccess(read)) return { ok: true, data: (read as { data?: unknown }).data };
    const detail = (read as { data?: { issues?: OutcomeIssue[] } }).data;
    return { ok: false, errmsg: read.errmsg, errcode: read.errcode, issues: detail?.issues };
  } catch (error) {
    if (error instanceof WsadminError) return { ok: false, errmsg: error.message };
    throw error;
  }
}
