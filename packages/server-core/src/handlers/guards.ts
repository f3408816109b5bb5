import type { Kysely } from 'kysely';
import { invalid, notFound } from '../errors';
import { findAccount } from '../sql/accounts';
import { findWorkspace } from '../sql/workspaces';
import type { Schema } from '../storage/schema';

/**
 * Checks that handlers of several resources (management, dimensions, measures, time series,
 * members, member groups, sources) make before their work, so each answers the same 404 or 400.
 */

export async function requireWorkspaceRow(db: Kysely<Schema>, workspaceId: number) {
  const row = await findWorkspace(db, workspaceId);
  if (!row) throw notFound(`workspace ${workspaceId}`);
  return row;
}

/** `operatorUid` only records who acted, but it must name an account. */
export async function requireOperator(db: Kysely<Schema>, operatorUid: string | undefined) {
  if (operatorUid === undefined) return;
  if (!(await findAccount(db, operatorUid))) {
    throw invalid(`body.operatorUid: account ${operatorUid} does not exist`);
  }
}
