import type { Storage } from '@wsadmin/server-core';
import { insertWorkspace } from '../../server-core/src/sql/workspaces';

/** One refresh task in each of `states` (uids t1, t2, ...), on a new workspace: what the metrics count. */
export async function seedRefreshTasks(
  storage: Storage,
  now: Date,
  states: readonly string[],
): Promise<void> {
  const { id } = await insertWorkspace(storage.db, { name: 'refreshing' }, now);
  const tasks = states.map((state, index) => ({
    uid: `t${index + 1}`,
    workspace_id: id,
    state,
    run_at: now.toISOString(),
    started_at: null,
    finished_at: null,
    claimed_by: null,
  }));
  await storage.db.insertInto('refresh_tasks').values(tasks).execute();
}
