import { managementCollections, type OperationId, type OperationSpec, operations } from '@wsadmin/contract';
import type { Hono } from 'hono';
import type { Json } from './contract-samples';
import type { DocumentOperation } from './document-samples';
import { baseOf, pointAtSeeded } from './fuzz-base';
import { isObject } from './fuzz-case';
import type { FuzzTargets } from './fuzz-seed';

/**
 * Sends a body made from the document to the in-process app, after the setup a real caller would
 * do: path ids name seeded objects, ids inside the body name seeded objects too, every account a
 * uuid field names is created first (with the generated uuid, so a uuid the server would refuse is
 * still sent), and a management commit gets a plan token from a preview of the same change.
 */

export interface Sent {
  operationId: string;
  status: number;
  reason?: string;
  errmsg: string;
  body: unknown;
}

/** Fields holding the uuid of an account that must exist for the request to make sense. */
const ACCOUNT_FIELDS = new Set(['operatorUid', 'memberUid']);
const OPERATIONS_NAMING_ACCOUNTS_AS_UID = new Set([
  'addMember',
  'setMemberModelPermissionSwitch',
  'updateAccounts',
]);

async function call(
  app: Hono,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await app.request(`http://document.test${path}`, {
    method: method.toUpperCase(),
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as {
    errmsg: string;
    data?: { reason?: string } & Record<string, unknown>;
  };
  return { status: response.status, answer };
}

function accountUidsIn(value: unknown, uidIsAccount: boolean, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) accountUidsIn(item, uidIsAccount, found);
  else if (isObject(value as Json)) {
    for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
      if (typeof member === 'string' && (ACCOUNT_FIELDS.has(name) || (uidIsAccount && name === 'uid')))
        found.add(member);
      else accountUidsIn(member, uidIsAccount, found);
    }
  }
  return found;
}

function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => params[name] ?? '1');
}

/** A preview of the change a management commit carries: its plan token, or the preview's refusal. */
async function previewFor(
  app: Hono,
  op: OperationSpec,
  path: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ token: string } | { refused: Awaited<ReturnType<typeof call>> }> {
  const collectionPath = op.method === 'post' ? path : path.replace(/[^/]+\/$/, '');
  const targetId = op.method === 'post' ? undefined : Number(path.split('/').at(-2));
  let revision: unknown;
  if (targetId !== undefined) {
    const current = await call(app, 'get', path, headers);
    // Gone (an earlier sample deleted it): that 404 is the answer.
    if (current.status !== 200) return { refused: current };
    revision = (current.answer.data as { revision?: unknown } | undefined)?.revision;
  }
  const action = op.method === 'post' ? 'create' : op.method === 'patch' ? 'update' : 'delete';
  const preview = await call(app, 'post', `${collectionPath}preview/`, headers, {
    action,
    ...(targetId === undefined ? {} : { targetId, revision }),
    changes: action === 'delete' ? {} : body.changes,
    ...(body.operatorUid === undefined ? {} : { operatorUid: body.operatorUid }),
  });
  const token = (preview.answer.data as { planToken?: string } | undefined)?.planToken;
  return token === undefined ? { refused: preview } : { token };
}

function isManagementCommit(op: OperationSpec): boolean {
  return (
    op.path.includes('/management/') &&
    managementCollections.some((collection) => op.path.includes(`/management/${collection}/`)) &&
    !op.path.endsWith('/preview/') &&
    op.method !== 'get'
  );
}

export async function sendDocumentSample(
  app: Hono,
  targets: FuzzTargets,
  operation: DocumentOperation,
  generated: unknown,
  requestNumber: number,
): Promise<Sent> {
  const op: OperationSpec = operations[operation.operationId as OperationId];
  const base = baseOf(op, targets);
  const headers = { ...base.headers };
  // A fresh key per request: a repeated one replays the first answer instead of committing.
  if (op.headers && 'Idempotency-Key' in op.headers.shape)
    headers['Idempotency-Key'] = `document-${requestNumber}`;
  const path = pathOf(op.path, base.params);
  const body = pointAtSeeded(generated as Json, op, targets);
  for (const uid of accountUidsIn(body, OPERATIONS_NAMING_ACCOUNTS_AS_UID.has(operation.operationId))) {
    await call(app, 'post', '/openapi/v1/accounts/', headers, { uid });
  }
  let answered: Awaited<ReturnType<typeof call>> | undefined;
  if (isManagementCommit(op) && isObject(body)) {
    const preview = await previewFor(app, op, path, headers, body);
    // A refused preview (the seeded object is in use, say) is the answer: without a plan token
    // the commit could only be refused for its token.
    if ('token' in preview) body.planToken = preview.token;
    else answered = preview.refused;
  }
  const { status, answer } = answered ?? (await call(app, operation.method, path, headers, body));
  const reason = answer.data?.reason;
  return {
    operationId: operation.operationId,
    status,
    errmsg: answer.errmsg,
    body,
    ...(reason ? { reason } : {}),
  };
}
