import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig, startServer } from '@wsadmin/server';
import { sql } from 'kysely';
import { analyze } from './indexes';
import { accountName, seedAccounts, seedDimensions, seedWorkspace } from './seed';

/**
 * The list and search workloads of `run.ts` without HTTP or a load generator: requests through
 * `app.request` one after another in this process, on a SQLite file, timed one by one. On a loaded
 * machine this separates the server's own work from the queueing that autocannon figures include.
 * Runs in any checkout that has `bench/seed.ts` (run it in an older one for "before" figures).
 * Options: --rounds <n> (300 list requests), --search-rounds <n> (60; a scan takes ~0.1-0.5 s),
 * --accounts <n> (100000).
 */

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '300' },
    'search-rounds': { type: 'string', default: '60' },
    accounts: { type: 'string', default: '100000' },
  },
});
const rounds = Number(args.rounds);
const searchRounds = Number(args['search-rounds']);
const accounts = Number(args.accounts);
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-lists-search-'));
const secret = `wsk_bench_${Date.now()}`;
const server = await startServer(
  readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    WSADMIN_BOOTSTRAP_KEY: secret,
  }),
);

/** p50 and mean of `count` sequential requests, after 20 unmeasured ones (JIT, caches). */
async function timed(path: string, count: number) {
  const request = async () => {
    const response = await server.app.request(path, { headers: { authorization: `Bearer ${secret}` } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.text();
  };
  for (let i = 0; i < 20; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await request();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return `p50 ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(2)} ms, mean ${mean.toFixed(2)} ms`;
}

try {
  const { db, dialect } = server.storage;
  const now = server.clock.now();
  const listed = await seedWorkspace(db, 'bench list', now);
  await seedDimensions(db, listed, 1_000, 'dim', now);
  await seedAccounts(db, 0, accounts, now);
  await sql`analyze`.execute(db);
  const load = loadavg()[0]?.toFixed(2);
  console.log(`load average ${load}; sequential requests in process (no HTTP)`);
  const list = `/openapi/v1/workspaces/${listed}/dimensions/`;
  console.log(`list 1,000 dimensions (${rounds} requests): ${await timed(list, rounds)}`);
  const search = `/openapi/v1/accounts/?q=${accountName(500)}`;
  const size = `${accounts.toLocaleString('en')} accounts (${searchRounds} requests)`;
  console.log(`search ${size}, index as loaded: ${await timed(search, searchRounds)}`);
  await analyze(db, dialect);
  console.log(`search ${size}, after analyze(): ${await timed(search, searchRounds)}`);
  console.log(`load average ${loadavg()[0]?.toFixed(2)} at the end`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
