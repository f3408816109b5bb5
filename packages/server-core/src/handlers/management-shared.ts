import type { Kysely } from 'kysely';
import { invalid, notFound } from '../http/api-error';
import { processDueTasks, type TaskRunner } from '../management/refresh-tasks';
import { findWorkspace } from '../queries/workspaces';
import type { Schema } from '../storage/schema';

export async function requireWorkspaceRow(db: Kysely<Schema>, workspaceId: number) {
  const row = await findWorkspace(db, workspaceId);
  if (!row) throw notFound(`workspace ${workspaceId}`);
  return row;
}

/** `operatorUid` only records who acted, but it must name an account. */
export async function requireOperator(db: Kysely<Schema>, operatorUid: string | undefined) {
  if (operatorUid === undefined) return;
  const account = await db
    .selectFrom('accounts')
    .select('uid')
    .where('uid', '=', operatorUid)
    .executeTakeFirst();
  if (!account) throw invalid(`body.operatorUid: account ${operatorUid} does not exist`);
}

/** Reads run due refresh tasks first, so state advances with the (test) clock even without a timer. */
export const catchUpTasks = (db: Kysely<Schema>, now: Date, runner: TaskRunner | undefined) =>
  processDueTasks(db, now, runner);
