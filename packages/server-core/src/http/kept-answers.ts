import type { Kysely } from 'kysely';
import { sha256HexNow } from '../auth/digest';
import { changeVersionOf } from '../storage/quick-reads';
import type { Schema } from '../storage/schema';

type Db = Kysely<Schema>;

/** A success answer of a stored-data read, and what answering it again needs to know of its key. */
export interface KeptAnswer {
  /** The whole envelope, as sent. */
  text: string;
  keyId: string;
  /** When the key expires (ms since the epoch); null = never. Checked at every answer. */
  expiresAt: number | null;
}

/** Where one request's answer is kept: the answer kept there already, if any, and how to keep it. */
export interface AnswerSlot {
  kept: KeptAnswer | undefined;
  keep(answer: KeptAnswer): void;
}

interface Generation {
  version: number;
  answers: Map<string, KeptAnswer>;
  chars: number;
}

/** Answers kept per database while it has not changed: at most this many... */
const KEPT_ANSWERS = 1000;
/** ...of at most this many characters in all... */
const KEPT_CHARS = 16 * 2 ** 20;
/** ...and each at most this long (a 1,000-dimension list: 260,000). */
const KEPT_ANSWER_CHARS = 2 ** 20;

/**
 * The answers of stored-data reads (handlers/stored-data-reads.ts), kept while the database provably
 * has not changed: the same request line by the same Authorization header is answered with the same
 * bytes, without authenticating again, parsing, reading or serialising. Everything that could change
 * such an answer is a write to the database (a revoked key, a narrowed scope, an edited workspace,
 * by this process or another), which moves its change version (storage/quick-reads.ts), and then
 * every kept answer is dropped. The one thing that is not, time, is checked at each answer: a key
 * past its expiry is authenticated again (and refused). Rate limits still count every answer.
 *
 * Only where the runtime gives a change version (the SQLite file); elsewhere nothing is kept. The
 * Authorization header is kept only as a SHA-256 digest, never as text.
 */
export class KeptAnswers {
  readonly #byDb = new WeakMap<Db, Generation>();

  /**
   * Undefined where nothing can be kept: no change version, a transaction open, or no synchronous
   * hash (only runtimes with a change version keep answers, and those are Node's).
   */
  slot(db: Db, authorization: string, request: string): AnswerSlot | undefined {
    const version = changeVersionOf(db);
    if (version === undefined) return undefined;
    const digest = sha256HexNow(authorization);
    if (digest === undefined) return undefined;
    // The version is taken before the answer is built: a change landing meanwhile moves it, so an
    // answer built from newer rows is kept under an older version that no later request will see.
    let generation = this.#byDb.get(db);
    if (generation?.version !== version) {
      generation = { version, answers: new Map(), chars: 0 };
      this.#byDb.set(db, generation);
    }
    const current = generation;
    const name = `${digest} ${request}`;
    return {
      kept: current.answers.get(name),
      keep(answer) {
        const chars = answer.text.length;
        if (chars > KEPT_ANSWER_CHARS || current.answers.size >= KEPT_ANSWERS) return;
        if (current.chars + chars > KEPT_CHARS) return;
        current.answers.set(name, answer);
        current.chars += chars;
      },
    };
  }
}

/** `/openapi/v1/...?query` of a request URL: what, with the key, names an answer. */
export function requestLineOf(url: string): string {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path === -1 ? '/' : url.slice(path);
}
