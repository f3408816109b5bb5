import { type RowSlot, RowsWhileUnchanged } from '../storage/row-cache';
import { perStorage, type Storage } from '../storage/storage';

/** A success answer of a stored-data read, and what answering it again needs to know of its key. */
export interface CachedAnswer {
  /** The whole envelope, as sent. */
  text: string;
  keyId: string;
  /** When the key expires (ms since the epoch); null = never. Checked at every answer. */
  expiresAt: number | null;
}

/** Answers kept per database while it has not changed: at most this many... */
const CACHED_ANSWERS = 1000;
/** ...each at most this long (a 1,000-dimension list: 260,000 characters)... */
const CACHED_ANSWER_CHARS = 2 ** 20;
/** ...and at most this many characters in all. */
const CACHED_CHARS = 16 * 2 ** 20;

/**
 * The answers of stored-data reads (handlers/stored-data-reads.ts), kept while the database provably
 * has not changed: the same request line by the same access key (an Authorization header the
 * operation accepts, which is checked first) is answered with the same bytes, without authenticating again, parsing, reading or serialising. Everything that could change
 * such an answer is a write to the database (a revoked key, a narrowed scope, an edited workspace,
 * by this process or another), which moves its change version (storage/row-cache.ts, the same
 * mechanism as the kept key and workspace rows), and then every cached answer is dropped. The one
 * thing that is not, time, is checked at each answer: a key past its expiry is authenticated again
 * (and refused). Rate limits still count every answer.
 *
 * Only where the runtime gives a change version (the SQLite file, PostgreSQL: decision 0020);
 * elsewhere nothing is kept. The key is kept only as the SHA-256 digest of its secret (what its
 * row is stored and kept under), never as text.
 */
const keptAnswers = perStorage(
  () =>
    new RowsWhileUnchanged<CachedAnswer>(
      CACHED_ANSWERS,
      (answer) => answer.text.length <= CACHED_ANSWER_CHARS,
      { weight: (answer) => answer.text.length, max: CACHED_CHARS },
    ),
);

/**
 * Where the answer of `request` asked with the key whose secret hashes to `secretHash` is kept.
 * `secretHash`: the hash of the key's secret (`hashSecret`), as taken from an Authorization header
 * the operation accepts (`secretIn`), which authentication looks the key up by too. Undefined
 * where nothing can be kept: no change version, or a transaction open.
 */
export function answerSlot(
  storage: Storage,
  secretHash: string,
  request: string,
): RowSlot<CachedAnswer> | undefined {
  return storage.own(keptAnswers).slot(storage, `${secretHash} ${request}`);
}

/** `/openapi/v1/...?query` of a request URL: what, with the key, names an answer. */
export function requestLineOf(url: string): string {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path === -1 ? '/' : url.slice(path);
}
