import { ALWAYS, errorCodesOf } from './all-operations';
import { errorCodes } from './envelope';
import type { OperationSpec } from './operation-spec';

/**
 * The OpenAPI `description` of an operation: its own sentence, then what follows from its facts
 * (permission, workspace scope, whether it writes, its error codes), derived here so they cannot
 * drift from what the server enforces.
 */
export function describeOperation(op: OperationSpec): string {
  return [
    op.description,
    '',
    `- **Permission:** ${permissionOf(op)}`,
    `- **Workspace scope:** ${workspaceScopeOf(op)}`,
    `- **Changes:** ${changesOf(op)}`,
    `- **Errors:** ${errorsOf(op)}`,
  ].join('\n');
}

function permissionOf(op: OperationSpec): string {
  const form =
    op.keyForm === 'bearer'
      ? 'only as `Authorization: Bearer <key>`'
      : 'as `Authorization: Bearer <key>` or the bare `Authorization: <key>`';
  if (op.permission === null) return `any valid access key, sent ${form}; no feature permission is needed.`;
  return `the \`${op.permission}\` feature permission (a key with an empty permission list has every one), sent ${form}.`;
}

function workspaceScopeOf(op: OperationSpec): string {
  if (op.params && 'workspaceId' in op.params.shape) {
    return "workspace `{workspaceId}` must be in the key's workspace set (a key without a workspace restriction reaches every one); outside it the answer is 403, whether or not the workspace exists.";
  }
  return op.workspaceScope ?? 'none: the operation touches no workspace.';
}

function changesOf(op: OperationSpec): string {
  if (op.method === 'get' || op.readsOnly) return 'no configuration: it only reads.';
  const replay = op.headers && 'Idempotency-Key' in op.headers.shape;
  return replay
    ? 'writes what the summary names. The same `Idempotency-Key` with the same request answers the first result again and changes nothing more; while the first request with the key still runs, the answer may be 409 `request_in_progress` with `Retry-After`: send the same request again after it.'
    : 'writes what the summary names.';
}

function errorsOf(op: OperationSpec): string {
  const own = errorCodesOf(op).filter((code) => !ALWAYS.includes(code));
  const common = `${ALWAYS.join(', ')} as every operation`;
  if (own.length === 0) return `${common}.`;
  return [`${common}, and:`, ...own.map((code) => `  - ${code}: ${errorCodes[code]}`)].join('\n');
}
