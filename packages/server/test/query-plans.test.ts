import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import type { Dialect, Storage } from '@wsadmin/server-core';
import { REALISTIC_SIZES, seedForPlans } from '@wsadmin/server-testing/plan-seed';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { ALLOWED_SCANS } from '@wsadmin/server-testing/query-plan-allowances';
import { describeScans, findFullScans } from '@wsadmin/server-testing/query-plans';
import { captureStatements, type StatementCapture } from '@wsadmin/server-testing/statement-capture';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inProcessTarget } from '../../server-core/conformance/in-process-target';
import { openPostgresStorage } from '../src/postgres';
import { openSqliteStorage } from '../src/sqlite-file';

/**
 * The rule: no statement the server runs reads a whole table that grows, except the listings in
 * ALLOWED_SCANS. The scenario suite drives every endpoint once per dialect with every statement
 * captured at the driver (Kysely's and the prepared point reads alike); then the database is
 * seeded to realistic sizes (100,000 accounts and objects), its statistics refreshed (PostgreSQL
 * vacuumed too: plan-seed.ts), and each distinct statement explained with the parameters it first
 * ran with.
 */

const adminUrl = inject('postgresAdminUrl');

function planSuite(dialect: Dialect, open: (now: () => Date) => Promise<Storage>, cleanup = async () => {}) {
  let storage: Storage;
  let target: Target;
  let capture: StatementCapture;
  beforeAll(async () => {
    target = await inProcessTarget({
      name: `query plans, ${dialect}`,
      openStorage: async (now) => {
        storage = await open(now);
        return storage;
      },
    });
    capture = captureStatements();
  });
  afterAll(async () => {
    capture?.stop();
    await target?.close?.();
    await cleanup();
  });

  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  it('no statement of the scenarios reads a whole growing table at 100,000 rows', async () => {
    capture.stop();
    await seedForPlans(storage.db, dialect, REALISTIC_SIZES);
    const check = await findFullScans(storage.db, dialect, capture.statements, ALLOWED_SCANS[dialect]);
    // The capture saw the suite's queries (about a hundred distinct ones), not just its setup.
    expect(check.explained).toBeGreaterThan(50);
    expect(describeScans(check.scans)).toBe('');
    const stale = ALLOWED_SCANS[dialect].filter((entry) => !check.used.has(entry));
    expect(stale.map((entry) => `${entry.table}: ${entry.statement}`)).toEqual([]);
    // Seeding 100,000 accounts and objects takes 3-10 s alone, more on a busy machine.
  }, 120_000);

  // The checker itself, on the seeded database: it must see a planted scan. PostgreSQL plans each
  // statement for its parameter values, so it proves `phone = '+1...'` implies the partial index's
  // `phone <> ''` and serves an OR with a bitmap OR of the three indexes; SQLite does neither.
  it.each([
    [
      'a column without an index',
      'select "uid" from "accounts" where "nickname" = ?',
      { sqlite: ['accounts'], postgres: ['accounts'] },
    ],
    [
      'phone without the partial index condition',
      'select "uid" from "accounts" where "phone" = ?',
      { sqlite: ['accounts'], postgres: [] },
    ],
    [
      'phone with it',
      `select "uid" from "accounts" where "phone" = ? and "phone" <> ''`,
      { sqlite: [], postgres: [] },
    ],
    [
      'a scan named by its alias',
      'select "m"."role" from "members" as "m" where "m"."role" = ?',
      { sqlite: ['members'], postgres: ['members'] },
    ],
    [
      'an OR over three columns',
      'select * from "accounts" where "username" = ? or "phone" = ? or "email" = ?',
      { sqlite: ['accounts'], postgres: [] },
    ],
  ])('the checker: %s', async (_name, statement, want) => {
    const text = dialect === 'postgres' ? numbered(statement) : statement;
    const parameters = Array.from(text.matchAll(/\?|\$\d+/g), () => '+15550000001');
    const check = await findFullScans(storage.db, dialect, new Map([[text, parameters]]), []);
    expect(check.explained).toBe(1);
    expect(check.scans.flatMap((scan) => scan.tables)).toEqual(want[dialect]);
    if (want[dialect].length > 0) expect(describeScans(check.scans)).toContain(text);
  });

  it('the checker: an allow-list entry lets its statement scan, and is reported used', async () => {
    const planted = 'select "uid" from "accounts" where "nickname" = ?';
    const text = dialect === 'postgres' ? numbered(planted) : planted;
    const entry = { statement: /where "nickname" =/, table: 'accounts', reason: 'planted' };
    const check = await findFullScans(storage.db, dialect, new Map([[text, ['x']]]), [entry]);
    expect(check.scans).toEqual([]);
    expect([...check.used]).toEqual([entry]);
  });
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`, ... */
function numbered(statement: string): string {
  let n = 0;
  return statement.replaceAll('?', () => `$${++n}`);
}

describe('query plans: SQLite (better-sqlite3)', () => {
  planSuite('sqlite', (now) => openSqliteStorage(':memory:', now));
});

describe('query plans: PostgreSQL', () => {
  const admin = adminUrl;
  let databaseUrl = '';
  planSuite(
    'postgres',
    async (now) => {
      databaseUrl = await createTestDatabase(admin, 'plans');
      return openPostgresStorage(databaseUrl, now);
    },
    async () => {
      if (databaseUrl) await dropTestDatabase(admin, databaseUrl);
    },
  );
});
