import type { scopeOperations } from '@wsadmin/contract';
import { listWorkspaces } from '../sql/workspaces';
import type { Handlers } from './handler';

export const scopeHandlers: Handlers<keyof typeof scopeOperations> = {
  async getScope(_request, { db, key }) {
    const workspaces = await listWorkspaces(db, { ids: key.workspaceIds });
    return {
      id: key.id,
      name: key.name,
      desc: key.description,
      expired_at: key.expiresAt,
      permissions: key.permissions,
      workspaces: workspaces.map((row) => ({ id: row.id, name: row.name, desc: row.description })),
    };
  },
};
