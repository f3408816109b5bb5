import { type Kysely, sql } from 'kysely';
import type { Schema } from './schema';

/**
 * The SQLite account search index (migration 5): an FTS5 table with the trigram tokenizer over
 * the searched columns, so `GET /accounts/?q=` finds candidates without reading every account
 * (sql/account-search.ts). Its rowids come from `accounts_search_rows`, whose INTEGER PRIMARY
 * KEY no VACUUM renumbers (an account's own rowid may change there). Triggers keep both in step
 * with every write to `accounts`, whoever makes it. Builds without FTS5 (sql.js, the in-memory
 * database) keep no index; the search then reads every account, with the same answers.
 */
export const SEARCH_TABLE = 'accounts_search';

/**
 * Creates the index of `columns` (the searched columns, `ACCOUNT_SEARCH_COLUMNS` of migrations.ts)
 * and fills it from the accounts already stored; nothing where FTS5 is missing.
 */
export async function accountSearchIndex(db: Kysely<Schema>, columns: readonly string[]): Promise<void> {
  const listOf = (prefix: string) => sql.join(columns.map((column) => sql.ref(`${prefix}${column}`)));
  const COLUMNS = listOf('');
  const NEW_VALUES = listOf('new.');
  await sql`savepoint account_search`.execute(db);
  try {
    await sql`create virtual table accounts_search using fts5(${COLUMNS}, tokenize = 'trigram')`.execute(db);
  } catch {
    // No FTS5 or no trigram tokenizer (SQLite before 3.34) in this build.
    await sql`rollback to savepoint account_search`.execute(db);
    await sql`release savepoint account_search`.execute(db);
    return;
  }
  await sql`release savepoint account_search`.execute(db);
  await sql`create table accounts_search_rows (id integer primary key, uid text not null unique)`.execute(db);
  await sql`insert into accounts_search_rows (uid) select uid from accounts order by created_at, uid`.execute(
    db,
  );
  await sql`
    insert into accounts_search (rowid, ${COLUMNS})
    select r.id, ${listOf('a.')}
    from accounts a join accounts_search_rows r on r.uid = a.uid`.execute(db);
  const rowOf = (account: 'new' | 'old') =>
    sql`(select id from accounts_search_rows where uid = ${sql.raw(account)}.uid)`;
  await sql`
    create trigger accounts_search_insert after insert on accounts begin
      insert into accounts_search_rows (uid) values (new.uid);
      insert into accounts_search (rowid, ${COLUMNS}) values (${rowOf('new')}, ${NEW_VALUES});
    end`.execute(db);
  await sql`
    create trigger accounts_search_update after update of uid, ${COLUMNS} on accounts begin
      update accounts_search_rows set uid = new.uid where uid = old.uid;
      update accounts_search set (${COLUMNS}) = (${NEW_VALUES}) where rowid = ${rowOf('new')};
    end`.execute(db);
  await sql`
    create trigger accounts_search_delete after delete on accounts begin
      delete from accounts_search where rowid = ${rowOf('old')};
      delete from accounts_search_rows where uid = old.uid;
    end`.execute(db);
}
