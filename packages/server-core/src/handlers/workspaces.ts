import type { SuccessData, workspaceOperations } from '@wsadmin/contract';
import { requireWorkspace } from '../auth/authenticate';
import type { HandlerContext } from '../context';
import { forbidden, invalid, notFound } from '../errors';
import { toWorkspace, toWorkspaceListItem } from '../mappings/workspaces';
import { SerializedJson } from '../serialized-json';
import * as workspaces from '../sql/workspaces';
import { RowsWhileUnchanged } from '../storage/row-cache';
import { perStorage } from '../storage/storage';
import { forEachDistinctItem, forEachItem } from './batch';
import type { Handlers } from './handler';

type Workspace = SuccessData<(typeof workspaceOperations)['getWorkspace']>;

/**
 * A workspace's detail as JSON text, kept like its row (sql/workspaces.ts) while the database's
 * change version stays: a detail asked again in another request line (a cached answer is per line)
 * is neither mapped nor serialised again.
 */
const workspaceTexts = perStorage(() => new RowsWhileUnchanged<SerializedJson<Workspace>>());

/** Keys limited to some workspaces cannot create more: the new one would be outside their set. */
function requireUnrestricted(context: HandlerContext): void {
  if (context.key.workspaceIds !== null) {
    throw forbidden('an access key limited to some workspaces cannot create workspaces');
  }
}

export const workspaceHandlers: Handlers<keyof typeof workspaceOperations> = {
  async listWorkspaces({ query }, { db, key }) {
    const rows = await workspaces.listWorkspaces(db, { q: query.q, ids: key.workspaceIds });
    return rows.map(toWorkspaceListItem);
  },

  async getWorkspace({ params }, { storage }) {
    const text = await storage.own(workspaceTexts).get(storage, String(params.workspaceId), async () => {
      const row = await workspaces.findWorkspace(storage, params.workspaceId);
      return row && new SerializedJson(JSON.stringify(toWorkspace(row)));
    });
    if (!text) throw notFound(`workspace ${params.workspaceId}`);
    return text;
  },

  async createWorkspace({ body }, context) {
    requireUnrestricted(context);
    const now = context.clock.now();
    // A new row: nothing else can write in it before it commits, so no lock.
    const row = await context.storage.writeTransaction('unscoped', (trx) =>
      workspaces.insertWorkspace(trx, body, now),
    );
    return toWorkspace(row);
  },

  async createWorkspaces({ body }, context) {
    requireUnrestricted(context);
    const now = context.clock.now();
    const rows = await context.storage.writeTransaction('unscoped', (trx) =>
      forEachItem(
        'workspaces',
        body.workspaces,
        (item) => workspaces.insertWorkspace(trx, item, now),
        context.signal,
      ),
    );
    return rows.map(toWorkspace);
  },

  async updateWorkspace({ params, body }, context) {
    const { id, ...edit } = body;
    if (id !== undefined && id !== params.workspaceId) {
      throw invalid(`body.id (${id}) does not match the path workspace id (${params.workspaceId})`);
    }
    const now = context.clock.now();
    const row = await context.storage.writeTransaction({ workspaceIds: [params.workspaceId] }, (trx) =>
      workspaces.updateWorkspace(trx, params.workspaceId, edit, now),
    );
    if (!row) throw notFound(`workspace ${params.workspaceId}`);
    return toWorkspace(row);
  },

  async updateWorkspaces({ body }, context) {
    const now = context.clock.now();
    const workspaceIds = body.workspaces.map((item) => item.id);
    const rows = await context.storage.writeTransaction({ workspaceIds }, (trx) =>
      forEachItem(
        'workspaces',
        body.workspaces,
        async ({ id, ...edit }) => {
          requireWorkspace(context.key, id);
          const row = await workspaces.updateWorkspace(trx, id, edit, now);
          if (!row) throw notFound(`workspace ${id}`);
          return row;
        },
        context.signal,
      ),
    );
    return rows.map(toWorkspace);
  },

  async deleteWorkspace({ params }, context) {
    // Under the workspace's lock: the delete waits for writes in progress inside the workspace.
    const deleted = await context.storage.writeTransaction({ workspaceIds: [params.workspaceId] }, (trx) =>
      workspaces.deleteWorkspace(trx, params.workspaceId),
    );
    if (deleted === 0) throw notFound(`workspace ${params.workspaceId}`);
  },

  async deleteWorkspaces({ body }, context) {
    await context.storage.writeTransaction({ workspaceIds: body.workspaceIds }, (trx) =>
      forEachDistinctItem(
        'workspaceIds',
        body.workspaceIds,
        async (id) => {
          requireWorkspace(context.key, id);
          if ((await workspaces.deleteWorkspace(trx, id)) === 0) throw notFound(`workspace ${id}`);
        },
        context.signal,
      ),
    );
  },
};
