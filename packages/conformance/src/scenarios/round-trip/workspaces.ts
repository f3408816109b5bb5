import { type OperationId, workspaceDefaults } from '@wsadmin/contract';
import { type Arranged, unscoped } from './arrange';
import type { ResourceCase } from './resource';
import type { Body } from './schemas';

const creates: readonly OperationId[] = ['createWorkspace', 'createWorkspaces'];

/**
 * The spec spells "hide numeric titles" `hc1` in the list and `hcl` in the detail and the write
 * answers; either is taken on input, and when both are sent one wins (`hc1` on create, `hcl` on
 * edit, docs/spec-gaps.md). What was sent, as the value that counts, under the spelling `via` uses.
 */
function asRead(sent: Body, operationId: OperationId, via: OperationId): Body {
  const { hc1, hcl, ...rest } = sent;
  const value = creates.includes(operationId) ? (hc1 ?? hcl) : (hcl ?? hc1);
  return value === undefined ? rest : { ...rest, [via === 'listWorkspaces' ? 'hc1' : 'hcl']: value };
}

export const workspaceCase: ResourceCase<Arranged> = {
  label: 'workspace',
  ...unscoped,
  key: { field: 'id', param: 'workspaceId' },
  create: {
    one: 'createWorkspace',
    many: { operationId: 'createWorkspaces', fields: ['workspaces'] },
    defaults: workspaceDefaults,
  },
  update: {
    one: 'updateWorkspace',
    many: { operationId: 'updateWorkspaces', fields: ['workspaces'] },
    seed: () => ({}),
  },
  read: { detail: 'getWorkspace', list: 'listWorkspaces' },
  asRead,
};
