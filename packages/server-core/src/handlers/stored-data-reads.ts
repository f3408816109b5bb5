import type { OperationId } from '@wsadmin/contract';

/**
 * GET operations whose answer is a function of the stored rows, the access key and the request line
 * (path and query) alone: no clock, no request header, no side effect. While the database has not
 * changed, the same request by the same key gets the same bytes, so the HTTP layer may answer it
 * again without running the handler (http/answer-cache.ts).
 *
 * Not here: the management reads (they first run due refresh tasks, a write that depends on the
 * clock) and every write. Adding an operation means checking its handler reads nothing else.
 */
export const STORED_DATA_READS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getScope',
  'listWorkspaces',
  'getWorkspace',
  'getSourceCatalogue',
  'listDimensions',
  'listMeasures',
  'listTimeSeries',
  'getTimeSeries',
  'listMembers',
  'getMemberModelPermission',
  'getMemberModelPermissionSwitch',
  'listMemberGroups',
  'getMemberGroupModelPermission',
  'getMemberGroupModelPermissionSwitch',
  'getMemberGroupRowPermission',
  'getMemberGroupRowPermissionSwitch',
  'listAccounts',
  'getAccount',
  'listAccountWorkspaces',
]);
