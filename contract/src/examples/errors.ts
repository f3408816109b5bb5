import type { ErrorCode, ErrorEnvelope, ErrorReason } from '../envelope';
import type { OperationSpec } from '../operation-spec';
import { errorEnvelope } from '../wire-envelope';

/** The reason each error code is answered with in the examples. */
const reasons: Record<ErrorCode, ErrorReason> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'invalid_request',
  409: 'conflict',
  410: 'plan_token_expired',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  431: 'invalid_request',
  500: 'internal',
  503: 'unavailable',
};

/** What a path parameter names, for the 404 example. */
const pathThings: Record<string, string> = {
  workspaceId: 'workspace',
  timeSeriesId: 'time series',
  member_groups_pk: 'member group',
  member_uid: 'member',
  member_id: 'member',
  account_uid: 'account',
  id: 'object',
  operationId: 'operation',
};

const messages: Partial<Record<ErrorCode, string>> = {
  401: 'unknown access key',
  410: 'the plan token expired: read the object again and preview again',
  // The words of the Node server's answers before the app runs (packages/server, malformed-requests.ts).
  408: 'request timeout: the request did not arrive in time',
  413: 'the request body is larger than 1048576 bytes',
  415: 'Content-Type must be application/json',
  422: 'the Idempotency-Key was already used with a different request',
  429: 'too many requests: retry after 1 s',
  431: 'request header fields are too large',
  500: 'internal error',
  503: 'storage is unavailable: retry later',
};

/** The 409 of each resource, as the server words it. */
const conflicts: Partial<Record<OperationSpec['tag'], string>> = {
  Management: 'the revision moved: read the object again and preview again',
  'Time series': 'names: keyword "order date" is already used by time series 1',
  Dimensions: 'names: keyword "region" is already used by dimension 2',
  Measures: 'names: keyword "revenue" is already used by measure 3',
  'Member groups': 'member group name "Analysts" is already used in workspace 1',
  Members: 'account 6f1c2e3a-4b5d-4e6f-8a7b-9c0d1e2f3a4b is already a member of workspace 1',
  Accounts: 'username "alice" is already used by another account',
};

/** What a 404 names when the path has no id (a batch): the thing the batch lists. */
const batchThings: Partial<Record<OperationSpec['tag'], string>> = {
  Workspaces: 'workspace 1',
  Accounts: 'account 6f1c2e3a-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
};

/**
 * The error envelope an operation answers with `code`, as the examples show it; `params` are the
 * path values of the operation's example, which a 404 names.
 */
export function errorExample(
  op: OperationSpec,
  code: ErrorCode,
  params: Readonly<Record<string, string | number>> = {},
): ErrorEnvelope {
  const reason = reasons[code];
  if (code === 400) {
    const path = op.body ? 'body' : op.query ? 'query' : 'params';
    return errorEnvelope(400, `${path}: Invalid input`, reason, [
      { path, message: 'Invalid input' },
    ]) as ErrorEnvelope;
  }
  return errorEnvelope(code, messageOf(op, code, params), reason) as ErrorEnvelope;
}

function messageOf(
  op: OperationSpec,
  code: ErrorCode,
  params: Readonly<Record<string, string | number>>,
): string {
  if (code === 403) {
    if (op.permission) return `the access key lacks the "${op.permission}" feature permission`;
    return op.path.includes('{workspaceId}') ? 'the access key may not access workspace 1' : 'forbidden';
  }
  if (code === 404) {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    const last = names.filter((name) => name !== 'type').at(-1);
    if (!last) return `${batchThings[op.tag] ?? 'resource'} not found`;
    const value = params[last];
    return `${pathThings[last] ?? last}${value === undefined ? '' : ` ${value}`} not found`;
  }
  if (code === 409) return conflicts[op.tag] ?? 'conflict';
  return messages[code] ?? 'error';
}
