import type { OperationSpec } from '@wsadmin/contract';
import { secretIn } from '../../auth/authenticate';
import { hashSecretNow } from '../../auth/keys';
import type { RowSlot } from '../../storage/row-cache';
import type { Storage } from '../../storage/storage';
import { answerSlot, type CachedAnswer, requestLineOf } from '../answer-cache';

/** What the answer cache holds for a request. */
export interface CachedLookup {
  /**
   * The SHA-256 of the request's key, hashed once for the lookup and for authentication; undefined
   * where the operation's answers are never kept, or the runtime hashes only asynchronously.
   */
  secretHash: string | undefined;
  /** Where the answer built now is kept; undefined where nothing can be (no change version, a transaction). */
  slot: RowSlot<CachedAnswer> | undefined;
  /** An answer kept for this key and request line, its key not expired at `nowMs`. */
  kept: CachedAnswer | undefined;
}

const NOTHING: CachedLookup = { secretHash: undefined, slot: undefined, kept: undefined };

/**
 * The kept answer of a stored-data read (`keepable`), found by the key's hash and the request line
 * (path and query). A missing or malformed Authorization header throws the 401 authentication would.
 */
export function cachedAnswer(
  storage: Storage,
  op: OperationSpec,
  keepable: boolean,
  authorization: string | undefined,
  url: string,
  nowMs: number,
): CachedLookup {
  if (!keepable) return NOTHING;
  const secretHash = hashSecretNow(secretIn(authorization, op));
  if (secretHash === undefined) return NOTHING;
  const slot = answerSlot(storage, secretHash, requestLineOf(url));
  const kept = slot?.kept;
  const good = kept !== undefined && (kept.expiresAt === null || kept.expiresAt > nowMs);
  return { secretHash, slot, kept: good ? kept : undefined };
}
