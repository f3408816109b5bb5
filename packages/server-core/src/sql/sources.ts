import type { Kysely } from 'kysely';
import type { Schema } from '../storage/schema';

/** One table of a workspace's source catalogue: what source bindings are checked against. */
export interface SourceTable {
  name: string;
  fields: string[];
}

type Db = Kysely<Schema>;

/** The catalogue of a workspace, tables by name. */
export async function listSourceTables(db: Db, workspaceId: number): Promise<SourceTable[]> {
  const rows = await db
    .selectFrom('sources')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('table_name')
    .execute();
  return rows.map((row) => ({ name: row.table_name, fields: JSON.parse(row.fields) as string[] }));
}

/** Replaces the whole catalogue; run it inside the workspace's write transaction. */
export async function replaceSourceTables(db: Db, workspaceId: number, tables: readonly SourceTable[]) {
  await db.deleteFrom('sources').where('workspace_id', '=', workspaceId).execute();
  for (const table of tables) {
    await db
      .insertInto('sources')
      .values({ workspace_id: workspaceId, table_name: table.name, fields: JSON.stringify(table.fields) })
      .execute();
  }
}
