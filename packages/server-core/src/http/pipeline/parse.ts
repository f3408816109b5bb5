import type { OperationSpec } from '@wsadmin/contract';
import type { Context } from 'hono';
import { requireWorkspace } from '../../auth/authenticate';
import type { AccessKey } from '../../auth/keys';
import { parseBody, parseHeaders, parseParams, parseQuery } from '../request';

/** What a handler is given: each part checked against the operation's schemas. */
export interface ParsedRequest {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/**
 * The request's parts, each checked against the operation, in the order a client fixes them: the
 * path values (`matched`: the route matcher's, decoded), then whether `key` may reach the
 * workspace they name (403), then the query, the headers and the body.
 */
export async function parseRequest(
  op: OperationSpec,
  c: Context,
  matched: Readonly<Record<string, string>>,
  key: AccessKey,
): Promise<ParsedRequest> {
  const params = parseParams(op, c, matched);
  const workspaceId = (params as { workspaceId?: number } | undefined)?.workspaceId;
  if (workspaceId !== undefined) requireWorkspace(key, workspaceId);
  return {
    params,
    query: parseQuery(op, c),
    headers: parseHeaders(op, c),
    body: op.body ? await parseBody(op, c) : undefined,
  };
}
