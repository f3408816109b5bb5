import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AccountTable, openMemoryStorage, type Storage } from '@wsadmin/server-core';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDefaults, accountMapping } from '../../server-core/src/mappings/accounts';
import { toRow } from '../../server-core/src/mappings/mapping';
import { searchPlan } from '../../server-core/src/sql/account-search';
import { listAccounts } from '../../server-core/src/sql/accounts';
import { accountSearchIndex } from '../../server-core/src/storage/account-search-index';
import { ACCOUNT_SEARCH_COLUMNS } from '../../server-core/src/storage/migrations';
import { openSqliteStorage } from '../src/sqlite-file';

/**
 * `GET /accounts/?q=` on the SQLite file searches through its trigram index (migration 5); the
 * in-memory database (sql.js, no FTS5) reads every account. Both must answer exactly as the scan.
 */

const now = () => new Date('2030-01-01T00:00:00Z');

/** [username, nickname, description, phone, email] */
const PEOPLE: Array<[string, string, string, string, string]> = [
  ['amelia.abbott', 'Amelia Abbott', 'Sales analyst, EMEA', '+15550000001', 'amelia@example.com'],
  ['bruno.baptiste', 'Bruno BAPTISTE', 'Finance controller', '+15550000002', 'bruno@example.com'],
  ['chen', 'Chén 陈', 'Data engineer on the warehouse team', '', ''],
  ['daria', 'Äbel Ärger', 'äbel lower-case umlaut', '', 'daria@example.org'],
  ['emeka', 'ÄBEL upper', 'Straße und Gasse', '+15550000005', ''],
  ['fatima', '100% sure', 'under_score and 50%_off', '', 'fatima_x@example.com'],
  ['goran', 'quote "double" and \'single\'', 'back\\slash path C:\\temp', '', ''],
  ['hana', 'emoji 😀 fan', 'mixed MiXeD case', '', 'HANA@EXAMPLE.COM'],
  ['ivan', 'Ivan', 'star * caret ^ colon : paren ( ) minus -', '', ''],
  ['julia', 'Julia', 'NEAR AND OR NOT', '', ''],
];

function rowsOf(): Insertable<AccountTable>[] {
  return PEOPLE.map(([username, nickname, desc, phone, email], i) =>
    // Through the mapping, as the server inserts: a new account column gets its default here too.
    toRow(
      accountMapping,
      { username, nickname, desc, phone, email },
      {
        // Two accounts share a creation time: uid breaks the tie.
        ...accountDefaults(new Date(Date.UTC(2030, 0, 1, 0, 0, Math.min(i, 8))).toISOString()),
        uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        username,
        password_hash: null,
        updated_at: now().toISOString(),
      },
    ),
  );
}

// [name, { given: q, want: usernames in answer order }]
const SEARCHES: Array<[string, { given: string; want: string[] }]> = [
  ['a login name', { given: 'amelia.abbott', want: ['amelia.abbott'] }],
  ['ASCII case folded both ways', { given: 'BAPTISTE', want: ['bruno.baptiste'] }],
  ['mixed case term', { given: 'mIxEd', want: ['hana'] }],
  ['upper-case e-mail found by lower-case term', { given: 'hana@example', want: ['hana'] }],
  ['surrounding blanks trimmed', { given: '  Finance  ', want: ['bruno.baptiste'] }],
  ['ASCII letters folded, Ä kept as it is', { given: 'ÄBEL', want: ['daria', 'emeka'] }],
  ['ä does not find Ä', { given: 'äbel', want: ['daria'] }],
  ['ß is not ss', { given: 'straße', want: ['emeka'] }],
  ['ss does not find ß', { given: 'strasse', want: [] }],
  ['CJK', { given: '陈', want: ['chen'] }],
  ['accented', { given: 'chén', want: ['chen'] }],
  ['emoji (astral) in a 3-character term', { given: 'i 😀', want: ['hana'] }],
  ['% is literal', { given: '100%', want: ['fatima'] }],
  ['%_ is literal', { given: '%_off', want: ['fatima'] }],
  ['_ is literal', { given: 'a_x', want: ['fatima'] }],
  ['_ alone', { given: '_', want: ['fatima'] }],
  ['% alone', { given: '%', want: ['fatima'] }],
  ['double quotes', { given: '"double"', want: ['goran'] }],
  ['single quotes', { given: "'single'", want: ['goran'] }],
  ['backslash', { given: 'c:\\temp', want: ['goran'] }],
  ['FTS5 syntax is literal', { given: '* caret ^', want: ['ivan'] }],
  ['FTS5 keywords are literal', { given: 'AND OR', want: ['julia'] }],
  ['an unbalanced quote', { given: '"dou', want: ['goran'] }],
  ['FTS5 NEAR( and column: syntax', { given: 'NEAR(a colon: x', want: [] }],
  ['only quotes', { given: '"""', want: [] }],
  ['two characters (below the trigram length)', { given: 'xu', want: [] }],
  ['two characters that match', { given: 'ch', want: ['chen'] }],
  ['one character', { given: 'z', want: [] }],
  ['a phone fragment', { given: '0000005', want: ['emeka'] }],
  [
    'common text, creation order then uid',
    {
      given: 'example',
      want: ['amelia.abbott', 'bruno.baptiste', 'daria', 'fatima', 'hana'],
    },
  ],
  ['no match', { given: 'nobody here', want: [] }],
];

describe('account search: the trigram index answers exactly as the scan', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-account-search-'));
  let file: Storage;
  let memory: Storage;
  beforeAll(async () => {
    file = await openSqliteStorage(join(dir, 'search.db'), now);
    memory = await openMemoryStorage({ now });
    for (const storage of [file, memory]) await storage.db.insertInto('accounts').values(rowsOf()).execute();
  });
  afterAll(async () => {
    await file.close();
    await memory.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the index on the file for three characters or more, and scans in memory', async () => {
    expect(await searchPlan(file, 'abc')).toBe('indexed');
    expect(await searchPlan(file, 'ab')).toBe('scan');
    expect(await searchPlan(file, 'a😀')).toBe('scan');
    expect(await searchPlan(memory, 'abc')).toBe('scan');
  });

  it.each(SEARCHES)('%s', async (_name, { given, want }) => {
    const auto = await listAccounts(file, given);
    const scan = await listAccounts(file, given, 'scan');
    const inMemory = await listAccounts(memory, given);
    expect(auto.map((row) => row.username)).toEqual(want);
    expect(auto).toEqual(scan);
    expect(inMemory).toEqual(scan);
  });

  it('follows updates and deletes of accounts (triggers)', async () => {
    const search = async (q: string) => {
      const indexed = await listAccounts(file, q, 'indexed');
      expect(indexed).toEqual(await listAccounts(file, q, 'scan'));
      return indexed.map((row) => row.username);
    };
    await file.db
      .updateTable('accounts')
      .set({ nickname: 'Zebra Zulu' })
      .where('username', '=', 'ivan')
      .execute();
    expect(await search('zebra zu')).toEqual(['ivan']);
    expect(await search('Ivan')).toEqual(['ivan']);
    await file.db
      .updateTable('accounts')
      .set({ username: 'ivan.renamed' })
      .where('username', '=', 'ivan')
      .execute();
    expect(await search('renamed')).toEqual(['ivan.renamed']);
    await file.db.deleteFrom('accounts').where('username', '=', 'julia').execute();
    expect(await search('NEAR AND')).toEqual([]);
    const julia = rowsOf().find((row) => row.username === 'julia');
    if (!julia) throw new Error('julia is in PEOPLE');
    await file.db
      .insertInto('accounts')
      .values({ ...julia, uid: 'new-julia', username: 'julia2' })
      .execute();
    expect(await search('NEAR AND')).toEqual(['julia2']);
  });

  it('indexes the accounts stored before the index was made (migration backfill)', async () => {
    const storage = await openSqliteStorage(join(dir, 'backfill.db'), now);
    try {
      for (const name of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.id(`accounts_search_${name}`)}`.execute(storage.db);
      }
      await sql`drop table accounts_search`.execute(storage.db);
      await sql`drop table accounts_search_rows`.execute(storage.db);
      await storage.db.insertInto('accounts').values(rowsOf()).execute();
      await storage.db.transaction().execute((trx) => accountSearchIndex(trx, ACCOUNT_SEARCH_COLUMNS));
      for (const [, { given, want }] of SEARCHES.filter(([, { given }]) => [...given.trim()].length >= 3)) {
        const indexed = await listAccounts(storage, given, 'indexed');
        expect(indexed.map((row) => row.username)).toEqual(want);
      }
    } finally {
      await storage.close();
    }
  });
});
