import type { Kysely } from 'kysely';
import { invalid, notFound } from '../errors';
import { findAccount } from '../sql/accounts';
import { findWorkspace } from '../sql/workspaces';
import type { Schema } from '../storage/schema';
import type { Reader } from '../storage/storage';

/**
 * Checks that handlers of several resources (management, dimensions, measures, time series,
 * members, member groups, sources) make before their work, so each answers the same 404 or 400.
 */

/** `reader`: the storage (the row may be kept) or the transaction that is about to write in it. */
export async function requireWorkspaceRow(reader: Reader, workspaceId: number) {
  const row = await findWorkspace(reader, workspaceId);
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
