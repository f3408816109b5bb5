import type { sourceOperations } from '@wsadmin/contract';
import { invalid } from '../errors';
import { listSourceTables, replaceSourceTables } from '../sql/sources';
import { requireWorkspaceRow } from './guards';
import type { Handlers } from './handler';

export const sourceHandlers: Handlers<keyof typeof sourceOperations> = {
  async getSourceCatalogue({ params }, { db, storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    return { tables: await listSourceTables(db, params.workspaceId) };
  },

  async setSourceCatalogue({ params, body }, { storage }) {
    await requireWorkspaceRow(storage, params.workspaceId);
    const seen = new Set<string>();
    for (const [index, table] of body.tables.entries()) {
      if (seen.has(table.name))
        throw invalid(`body.tables.${index}.name: table "${table.name}" is listed twice`);
      seen.add(table.name);
    }
    const tables = await storage.writeTransaction({ workspaceIds: [params.workspaceId] }, async (trx) => {
      // Again under the lock: a workspace deleted since the check above answers 404, not a foreign-key error.
      await requireWorkspaceRow(trx, params.workspaceId);
      await replaceSourceTables(trx, params.workspaceId, body.tables);
      // Read back rather than sorted here: the database orders by code point, JavaScript's `<` by
      // UTF-16 unit, and the two disagree on `😀` and `Ａ` (U+FF21); the answer must be the GET's.
      return listSourceTables(trx, params.workspaceId);
    });
    return { tables };
  },
};
