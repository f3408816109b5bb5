import type { sourceOperations } from '@wsadmin/contract';
import { invalid } from '../http/api-error';
import type { Handlers } from '../http/handler';
import { writeTransaction } from '../storage/write-locks';
import { requireWorkspaceRow } from './management-shared';

export const sourceHandlers: Handlers<keyof typeof sourceOperations> = {
  async getSourceCatalogue({ params }, { db }) {
    await requireWorkspaceRow(db, params.workspaceId);
    const rows = await db
      .selectFrom('sources')
      .selectAll()
      .where('workspace_id', '=', params.workspaceId)
      .orderBy('table_name')
      .execute();
    return {
      tables: rows.map((row) => ({ name: row.table_name, fields: JSON.parse(row.fields) as string[] })),
    };
  },

  async setSourceCatalogue({ params, body }, { db }) {
    await requireWorkspaceRow(db, params.workspaceId);
    const seen = new Set<string>();
    for (const [index, table] of body.tables.entries()) {
      if (seen.has(table.name))
        throw invalid(`body.tables.${index}.name: table "${table.name}" is listed twice`);
      seen.add(table.name);
    }
    await writeTransaction(db, { workspaceIds: [params.workspaceId] }, async (trx) => {
      // Again under the lock: a workspace deleted since the check above answers 404, not a foreign-key error.
      await requireWorkspaceRow(trx, params.workspaceId);
      await trx.deleteFrom('sources').where('workspace_id', '=', params.workspaceId).execute();
      for (const table of body.tables) {
        await trx
          .insertInto('sources')
          .values({
            workspace_id: params.workspaceId,
            table_name: table.name,
            fields: JSON.stringify(table.fields),
          })
          .execute();
      }
    });
    return { tables: [...body.tables].sort((a, b) => (a.name < b.name ? -1 : 1)) };
  },
};
