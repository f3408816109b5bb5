import { randomUUID } from 'node:crypto';
import { managementKinds } from '@wsadmin/contract';
import type { AccountTable, ObjectTable, Schema } from '@wsadmin/server-core';
import type { Insertable, Kysely } from 'kysely';
import { accountDefaults, accountMapping } from '../../server-core/src/mappings/accounts';
import { toRow } from '../../server-core/src/mappings/mapping';
import { revisionOf, summaryName } from '../../server-core/src/sql/objects';
import { insertWorkspace } from '../../server-core/src/sql/workspaces';

/**
 * Bulk data for the benchmarks and drills, written straight through Kysely in batched
 * transactions (one HTTP call per row would take minutes for 100,000 rows).
 */

type Db = Kysely<Schema>;

// 13 columns x 500 rows stays under SQLite's and PostgreSQL's bound-parameter limits.
const BATCH = 500;

export async function seedWorkspace(db: Db, name: string, now: Date): Promise<number> {
  return (await insertWorkspace(db, { name }, now)).id;
}

/** Dimensions `${prefix}-000000` ... as the management interface would store them. */
export async function seedDimensions(db: Db, workspaceId: number, count: number, prefix: string, now: Date) {
  const stamp = now.toISOString();
  const schema = managementKinds.dimensions;
  for (let start = 0; start < count; start += BATCH) {
    const rows: Insertable<ObjectTable>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const definition = schema.definition.parse({
        ...schema.defaults,
        type: 'string',
        format: '',
        names: [`${prefix}-${String(i).padStart(6, '0')}`, `alias ${i}`],
        description: `benchmark dimension ${i}`,
      });
      rows.push({
        workspace_id: workspaceId,
        kind: 'dimensions',
        uid: null,
        name: summaryName(definition),
        definition: JSON.stringify(definition),
        version: 1,
        revision: await revisionOf(1, definition),
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('objects').values(rows).execute());
  }
}

// Varied names, as real accounts have: a substring search and its trigram index see realistic text.
const FIRST = [
  'amelia',
  'bruno',
  'chen',
  'daria',
  'emeka',
  'fatima',
  'goran',
  'hana',
  'ivan',
  'julia',
  'kofi',
  'lena',
  'mateo',
  'nadia',
  'oscar',
  'priya',
  'quinn',
  'rosa',
  'sven',
  'tomoko',
];
const LAST = [
  'abbott',
  'baptiste',
  'castillo',
  'dubois',
  'eriksen',
  'fischer',
  'garcia',
  'horvat',
  'ibrahim',
  'jensen',
  'kowalski',
  'lindqvist',
  'moreau',
  'nakamura',
  'okafor',
  'petrov',
  'quintero',
  'rossi',
  'silva',
  'tanaka',
  'umarov',
  'varga',
  'weber',
  'xu',
  'yilmaz',
  'zeller',
];
const ABOUT = [
  'Sales analyst, EMEA',
  'Finance controller',
  'Data engineer on the warehouse team',
  'Marketing lead',
  'Support, second level',
  'Operations planner',
];

const firstOf = (n: number) => FIRST[n % FIRST.length] ?? '';
const lastOf = (n: number) => LAST[Math.floor(n / FIRST.length) % LAST.length] ?? '';
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The login name of the n-th seeded account; as a search term it matches only that account. */
export const accountName = (n: number) => `${firstOf(n)}.${lastOf(n)}${n}`;

/** Accounts number `from` to `to - 1`, each with distinct login name, phone and e-mail. */
export async function seedAccounts(db: Db, from: number, to: number, now: Date) {
  for (let start = from; start < to; start += BATCH) {
    const rows: Insertable<AccountTable>[] = [];
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      // Distinct, increasing creation times keep the list order deterministic.
      const stamp = new Date(now.getTime() + i).toISOString();
      const fields = {
        username: accountName(i),
        // 7919 is prime to 10^7, so the numbers are distinct and not in creation order.
        phone: `+1555${String((i * 7919) % 10_000_000).padStart(7, '0')}`,
        email: `${accountName(i)}@example.com`,
        nickname: `${capital(firstOf(i))} ${capital(lastOf(i))}`,
        desc: ABOUT[i % ABOUT.length] ?? '',
        tier: i % 3,
      };
      // Through the mapping, as the server inserts: a new account column gets its default here too.
      const defaults = { ...accountDefaults(stamp), uid: randomUUID(), username: '', password_hash: null };
      rows.push(toRow(accountMapping, fields, defaults));
    }
    await db.transaction().execute((trx) => trx.insertInto('accounts').values(rows).execute());
  }
}
