import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_TABLE } from '../storage/account-search-index';
import { ACCOUNT_SEARCH_COLUMNS } from '../storage/migrations';
import type { Schema } from '../storage/schema';
import { perStorage, type Storage } from '../storage/storage';
import { anyColumnContains } from './text-search';

/**
 * `indexed`: candidates from the SQLite trigram index, when the database has one (migration 5);
 * `scan`: every account read. Both keep the exact condition, so the answers are the same.
 */
export type SearchPlan = 'indexed' | 'scan';

/** Trigrams need three characters: a shorter term matches nothing in the index, so it scans. */
const MIN_INDEXED_CHARACTERS = 3;

const searchIndex = perStorage((): { found?: Promise<boolean> } => ({}));

/** Whether this SQLite database holds the index (a build without FTS5 made none). Asked once per storage. */
function hasSearchIndex(storage: Storage): Promise<boolean> {
  const known = storage.own(searchIndex);
  known.found ??= sql<{ found: number }>`
      select count(*) as found from sqlite_master where type = 'table' and name = ${SEARCH_TABLE}`
    .execute(storage.db)
    .then(({ rows }) => Number(rows[0]?.found) > 0);
  return known.found;
}

/** The plan for `text` (already trimmed): PostgreSQL serves the scan's condition with its own indexes. */
export async function searchPlan(storage: Storage, text: string): Promise<SearchPlan> {
  if (storage.dialect !== 'sqlite' || [...text].length < MIN_INDEXED_CHARACTERS) return 'scan';
  return (await hasSearchIndex(storage)) ? 'indexed' : 'scan';
}

/**
 * Accounts holding `text` in a searched column, ASCII letters in any case (text-search.ts). The
 * index folds case more widely (all of Unicode) and finds every substring of three characters or
 * more, so its candidates include every match; the exact condition then keeps only those.
 */
export function accountMatches<TB extends 'accounts'>(
  eb: ExpressionBuilder<Schema, TB>,
  text: string,
  plan: SearchPlan,
): Expression<SqlBool> {
  const exact = anyColumnContains(eb, ACCOUNT_SEARCH_COLUMNS, text);
  if (plan === 'scan') return exact;
  // An FTS5 phrase: quoted, inner quotes doubled; nothing else in it is query syntax.
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const candidates = sql<SqlBool>`uid in (select r.uid from accounts_search_rows r where r.id in
    (select rowid from accounts_search where accounts_search match ${phrase}))`;
  return eb.and([candidates, exact]);
}
