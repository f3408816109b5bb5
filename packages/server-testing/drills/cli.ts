import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createTestDatabase,
  postgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/postgres';
import { tempDatabase } from '../src/processes';
import { runAbandonDrill } from './abandon';
import { runHashFloodDrill, runSlowSocketsDrill } from './abuse';
import { runConnectionFloodDrill } from './connection-flood';
import { runCrashDrill } from './crash';
import { runCutCommitDrill } from './cut-commit';
import { runDatabaseLossDrill } from './database-loss';
import { runDrainDrill } from './drain';
import { runFuzzDrill } from './fuzz';

/**
 * Reliability drills, each against `npm start` in a child process:
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts crash [--backend sqlite|postgres|all] [--rounds 5]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts database-loss [--rounds 3]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts cut-commit [--backend ...] [--rounds 3]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts fuzz [--backend ...] [--requests 50000]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts slow-sockets [--sockets 2000]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts hash-flood [--batches 50] [--accounts 4] [--password-concurrency N]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts connection-flood [--sockets 2000] [--max-connections N]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts abandoned-batches [--batches 50] [--accounts 1000] [--hang-up-ms 1000]
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts drain [--clients 16] [--rounds 3]
 * PostgreSQL runs on a throwaway local server (fsync on). Prints one JSON report per round and
 * exits 1 when any round found a problem.
 */

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    backend: { type: 'string', default: 'all' },
    rounds: { type: 'string' },
    requests: { type: 'string', default: '50000' },
    concurrency: { type: 'string', default: '8' },
    sockets: { type: 'string', default: '2000' },
    batches: { type: 'string', default: '50' },
    accounts: { type: 'string', default: '4' },
    'password-concurrency': { type: 'string' },
    'hang-up-ms': { type: 'string', default: '1000' },
    'max-connections': { type: 'string' },
    clients: { type: 'string', default: '16' },
  },
});
const drill = positionals[0];
const backends = values.backend === 'all' ? ['sqlite', 'postgres'] : [values.backend ?? 'sqlite'];

let postgres: ThrowawayPostgres | undefined;
async function database(backend: string, label: string): Promise<{ url: string; remove(): void }> {
  if (backend === 'sqlite') return tempDatabase(`wsadmin-${label}-`);
  if (!existsSync(join(postgresBin, 'initdb'))) throw new Error(`no PostgreSQL in ${postgresBin}`);
  postgres ??= await startThrowawayPostgres({ durable: true });
  return { url: await createTestDatabase(postgres.adminUrl, label), remove: () => undefined };
}

let failed = false;
function print(title: string, report: { problems: string[] }) {
  failed ||= report.problems.length > 0;
  console.log(`${title}: ${report.problems.length === 0 ? 'passed' : 'FAILED'}`);
  console.log(JSON.stringify(report, null, 2));
}

try {
  if (drill === 'crash') {
    const rounds = Number(values.rounds ?? 5);
    for (const backend of backends) {
      for (let round = 0; round < rounds; round++) {
        const db = await database(backend, 'crash');
        // Kill at a different moment each round: early, while the first commits run, and later.
        const killAfterMs = 500 + round * 400;
        const report = await runCrashDrill({
          databaseUrl: db.url,
          killAfterMs,
          commitWorkers: 6,
          batchWorkers: 2,
        });
        print(`crash ${backend} round ${round + 1} (kill -9 after ${killAfterMs} ms)`, report);
        db.remove();
      }
    }
  } else if (drill === 'database-loss') {
    const rounds = Number(values.rounds ?? 3);
    for (let round = 0; round < rounds; round++) {
      const db = await database('postgres', 'loss');
      if (!postgres) throw new Error('no PostgreSQL');
      const report = await runDatabaseLossDrill({
        postgres,
        databaseUrl: db.url,
        loadMs: 6000,
        restartAtMs: 1500 + round * 500,
        commitWorkers: 4,
        batchWorkers: 1,
        readWorkers: 3,
      });
      print(`database loss round ${round + 1} (pg_ctl restart -m fast)`, report);
    }
  } else if (drill === 'cut-commit') {
    const rounds = Number(values.rounds ?? 3);
    for (let round = 0; round < rounds; round++) {
      for (const backend of backends) {
        const db = await database(backend, 'cut');
        print(
          `cut commit ${backend} round ${round + 1} (kill -9)`,
          await runCutCommitDrill({ fault: 'kill', databaseUrl: db.url }),
        );
        db.remove();
      }
      const db = await database('postgres', 'cut');
      if (!postgres) throw new Error('no PostgreSQL');
      print(
        `cut commit round ${round + 1} (pg_ctl restart -m fast)`,
        await runCutCommitDrill({ fault: 'restart', databaseUrl: db.url, postgres }),
      );
    }
  } else if (drill === 'fuzz') {
    for (const backend of backends) {
      const db = await database(backend, 'fuzz');
      const report = await runFuzzDrill({
        databaseUrl: db.url,
        requests: Number(values.requests),
        concurrency: Number(values.concurrency),
      });
      print(`fuzz ${backend}, ${report.sent} requests`, report);
      db.remove();
    }
  } else if (drill === 'slow-sockets') {
    const db = await database('sqlite', 'slow');
    const report = await runSlowSocketsDrill({ databaseUrl: db.url, sockets: Number(values.sockets) });
    print(`slow sockets, ${values.sockets} sockets`, report);
    db.remove();
  } else if (drill === 'hash-flood') {
    const db = await database('sqlite', 'hash');
    const concurrency = values['password-concurrency'];
    const report = await runHashFloodDrill({
      databaseUrl: db.url,
      batches: Number(values.batches),
      accountsPerBatch: Number(values.accounts),
      ...(concurrency ? { passwordConcurrency: Number(concurrency) } : {}),
    });
    print(`hash flood, ${values.batches} batches`, report);
    db.remove();
  } else if (drill === 'connection-flood') {
    const db = await database('sqlite', 'connections');
    const maxConnections = values['max-connections'];
    const report = await runConnectionFloodDrill({
      databaseUrl: db.url,
      sockets: Number(values.sockets),
      ...(maxConnections ? { maxConnections } : {}),
    });
    print(`connection flood, ${report.sockets} sockets`, report);
    db.remove();
  } else if (drill === 'abandoned-batches') {
    const db = await database('sqlite', 'abandon');
    const report = await runAbandonDrill({
      databaseUrl: db.url,
      batches: Number(values.batches),
      passwords: Number(values.accounts),
      hangUpMs: Number(values['hang-up-ms']),
    });
    print(`abandoned batches, ${values.batches} x ${values.accounts} passwords`, report);
    db.remove();
  } else if (drill === 'drain') {
    const rounds = Number(values.rounds ?? 3);
    for (const workers of [1, 2]) {
      for (let round = 0; round < rounds; round++) {
        const db = await database('sqlite', 'drain');
        const clients = Number(values.clients);
        const report = await runDrainDrill({
          databaseUrl: db.url,
          workers,
          clients,
          drainSeconds: 10,
          uploadMs: 1500,
        });
        print(`drain, WSADMIN_WORKERS=${workers}, ${clients} keep-alive clients, round ${round + 1}`, report);
        db.remove();
      }
    }
  } else {
    console.error(
      'usage: drills/cli.ts crash|database-loss|cut-commit|fuzz|slow-sockets|hash-flood|connection-flood|abandoned-batches|drain [--backend sqlite|postgres|all]',
    );
    failed = true;
  }
} finally {
  await postgres?.stop();
}
process.exitCode = failed ? 1 : 0;
