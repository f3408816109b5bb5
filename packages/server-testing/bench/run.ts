import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { type RunningServer, readConfig, startServer } from '@wsadmin/server';
import { Hono } from 'hono';
import { ACCOUNT_SEARCH_COLUMNS } from '../../server-core/src/storage/migrations';
import { postgresBin } from '../src/postgres';
import { REPO_ROOT } from '../src/processes';
import { type Backend, postgresBackend, sqliteBackend } from './backends';
import { batchesMarkdown } from './batch-report';
import { measureBatches } from './batches';
import { analyze, withoutIndexes } from './indexes';
import type { LoadRequest, LoadSummary, Workload } from './load';
import { LoadGenerator } from './load-client';
import { measureReadPath, type ReadPathResult, readPathMarkdown, readPathWorkloads } from './read-path';
import { measureScale, type ScaleRow } from './scale-measure';
import { scaleMarkdown, writeIntoDocs } from './scale-report';
import { accountName, seedAccounts, seedDimensions, seedWorkspace } from './seed';
import { measureWorkers, type WorkersRow } from './workers';

/**
 * `npm run bench`: the reference server started in-process as `npm start` runs it in production
 * (NODE_ENV=production: no response validation; LOG_LEVEL=silent), loaded over loopback by
 * autocannon in a second process. Options: --backend sqlite|postgres|all (default all),
 * --duration <seconds per measurement> (4), --connections <n> (10), --max-rows <n> (100000),
 * --scale on|only|off (on): then the PostgreSQL two-process / 8-vs-32-connection workload
 * (scale-measure.ts) and WSADMIN_WORKERS=1 vs 2 (workers.ts), written into docs/performance.md
 * between the bench:scale markers.
 * --only <words,...> (default all): the workload groups named (list, detail, commit, replay,
 * search: `search` includes the growth and migration 4 measurements), and within them only the
 * workloads whose name holds one of the words; the bare route is always measured, as the reference.
 * `detail` includes the read-path comparison (read-path.ts: `repeated`, `rotating`, `writes`);
 * naming some of those three runs only them, e.g. `--only rotating,writes`.
 * --rounds <n> (5): rounds of the read-path comparison.
 * `batches` (batches.ts, alone with `--only batches`): every batch endpoint with 1,000 items at 1,000,
 * 10,000 and 100,000 rows (up to --max-rows) against `npm start` on SQLite, `/healthz` sampled meanwhile.
 */

const BARE_APP = 'bare Hono app without middleware (own port)';
const READ_PATH_WORDS = ['repeated', 'rotating', 'writes'];

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'all' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    'max-rows': { type: 'string', default: '100000' },
    /** `on`: the scale workloads after the others; `only`: just them; `off`: none. */
    scale: { type: 'string', default: 'on' },
    only: { type: 'string', default: '' },
    rounds: { type: 'string', default: '5' },
  },
});
const only = args.only
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const selected = (name: string) => only.length === 0 || only.some((word) => name.includes(word));
const wanted = (group: string) => only.length === 0 || only.includes(group);
const onlyBatches = only.length > 0 && only.every((word) => word === 'batches');
const readWords = only.filter((word) => READ_PATH_WORDS.includes(word));
/** The read-path comparisons to run: all with `detail`, else those named. */
const readPaths = wanted('detail') && readWords.length === 0 ? READ_PATH_WORDS : readWords;
const duration = Number(args.duration);
const connections = Number(args.connections);
const maxRows = Number(args['max-rows']);
const growthSizes = [1_000, 10_000, 100_000].filter((size) => size <= maxRows);

interface Measured {
  name: string;
  /** Size of one answer's body (GET workloads). */
  bytes?: number;
  peak: LoadSummary;
  /** The same workload at half the peak rate. */
  half?: LoadSummary;
  halfRate?: number;
}

interface BackendReport {
  backend: string;
  measured: Measured[];
  growth: Array<{ name: string; rows: number; summary: LoadSummary }>;
  beforeAfter: Array<{ name: string; before: LoadSummary; after: LoadSummary }>;
  readPath: ReadPathResult[];
}

async function benchBackend(backend: Backend, load: LoadGenerator): Promise<BackendReport> {
  const secret = `wsk_bench_${Date.now()}`;
  const config = readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: backend.databaseUrl,
    WSADMIN_BOOTSTRAP_KEY: secret,
  });
  if (config.validateResponses) throw new Error('the benchmark must run with production settings');
  const server = await startServer(config);
  // The ceiling: the same Hono app, HTTP server and event loop, without authentication or storage.
  server.app.get('/bench/hello', (c) => c.text('hello'));
  const report: BackendReport = {
    backend: backend.name,
    measured: [],
    growth: [],
    beforeAfter: [],
    readPath: [],
  };
  const { db, dialect } = server.storage;
  // A second reference without any of the server's middleware (request id, metrics, log report):
  // its own Hono app on its own port, in this same process and event loop.
  const bareApp = new Hono().get('/bench/hello', (c) => c.text('hello'));
  const bareServer = serve({ fetch: bareApp.fetch, hostname: '127.0.0.1', port: 0 });
  await once(bareServer, 'listening');
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
  const run = async (request: Omit<LoadRequest, 'url' | 'key'>, url = server.url) => {
    const summary = await load.run({ url, key: secret, ...request });
    // autocannon stops at its deadline without waiting for the answers in flight: let them finish.
    await new Promise((settle) => setTimeout(settle, 300));
    return summary;
  };
  const measure = async (name: string, workload: Workload, url = server.url) => {
    if (report.measured.length > 0 && url === server.url && !selected(name)) return;
    progress(`${backend.name}: ${name}`);
    const peak = await run({ workload, connections, durationSeconds: duration }, url);
    const halfRate = Math.max(1, Math.round(peak.rps / 2));
    const half = await run({ workload, connections, durationSeconds: duration, overallRate: halfRate }, url);
    const bytes = workload.kind === 'get' ? await answerBytes(server, secret, workload.path) : undefined;
    report.measured.push({ name, peak, half, halfRate, ...(bytes === undefined ? {} : { bytes }) });
  };
  // One connection: the latency of one request, not of a queue.
  const single = (workload: Workload) =>
    run({ workload, connections: 1, durationSeconds: Math.min(duration, 3) });
  try {
    const now = server.clock.now();
    progress(`${backend.name}: seeding`);
    const listed = await seedWorkspace(db, 'bench list', now);
    await seedDimensions(db, listed, 1_000, 'dim', now);
    const cycled = await seedWorkspace(db, 'bench preview+commit', now);
    const replay = await firstCommit(server, secret, await seedWorkspace(db, 'bench replay', now));
    await analyze(db, dialect);

    await measure('bare Hono route (GET /bench/hello)', { kind: 'get', path: '/bench/hello' });
    await measure(BARE_APP, { kind: 'get', path: '/bench/hello' }, bareUrl);
    if (wanted('list')) {
      const path = `/openapi/v1/workspaces/${listed}/dimensions/`;
      await measure('list 1,000 dimensions', { kind: 'get', path });
    }
    if (wanted('detail')) {
      await measure('workspace detail', { kind: 'get', path: `/openapi/v1/workspaces/${listed}/` });
    }
    if (readPaths.length > 0) {
      progress(`${backend.name}: seeding 200 workspaces for the read path`);
      const detailPath = `/openapi/v1/workspaces/${await seedWorkspace(db, 'bench detail', now)}/`;
      const rotating: string[] = [];
      for (let i = 0; i < 200; i++) {
        rotating.push(`/openapi/v1/workspaces/${await seedWorkspace(db, `bench rotating ${i}`, now)}/`);
      }
      await analyze(db, dialect);
      report.readPath = await measureReadPath(run, {
        bareUrl,
        serverUrl: server.url,
        workloads: readPathWorkloads(dialect, detailPath, rotating).filter((read) =>
          readPaths.includes(read.name),
        ),
        rounds: Number(args.rounds),
        connections,
        durationSeconds: duration,
        progress: (line) => progress(`${backend.name}: ${line}`),
      });
    }
    if (wanted('commit')) {
      const workload: Workload = { kind: 'preview-commit', workspaceId: cycled, prefix: 'cycle' };
      await measure('preview + commit (2 requests)', workload);
    }
    if (wanted('replay')) await measure('idempotent replay of a commit', { kind: 'replay', ...replay });
    if (!wanted('search')) return report;

    const needle = accountName(500);
    const search: Workload = { kind: 'get', path: `/openapi/v1/accounts/?q=${needle}` };
    let accounts = 0;
    let largest = listed;
    for (const rows of growthSizes) {
      progress(`${backend.name}: seeding ${rows} dimensions and accounts`);
      largest = await seedWorkspace(db, `bench growth ${rows}`, now);
      await seedDimensions(db, largest, rows, 'dim', now);
      await seedAccounts(db, accounts, rows, now);
      accounts = rows;
      await analyze(db, dialect);
      await expectOneMatch(server, secret, search);
      progress(`${backend.name}: growth at ${rows} rows`);
      const list: Workload = { kind: 'get', path: `/openapi/v1/workspaces/${largest}/dimensions/` };
      const grown = async (name: string, workload: Workload) => {
        if (selected(name)) report.growth.push({ name, rows, summary: await single(workload) });
      };
      await grown('list dimensions', list);
      await grown(`account search "${needle}" (1 match)`, search);
    }
    await measure(`account search over ${accounts.toLocaleString('en')} accounts (1 match)`, search);

    // Migration 4, before and after, on the same data.
    progress(`${backend.name}: before/after migration 4`);
    const searchIndexes = ACCOUNT_SEARCH_COLUMNS.map((column) => `accounts_${column}_trgm`);
    const bigCycle: Workload = { kind: 'preview-commit', workspaceId: largest, prefix: 'big' };
    const compare = async (name: string, indexes: string[], workload: Workload) => {
      if (!selected(name)) return;
      const before = await withoutIndexes(db, dialect, indexes, () => single(workload));
      report.beforeAfter.push({ name, before, after: await single(workload) });
    };
    if (dialect === 'postgres') {
      await compare(`account search over ${accounts.toLocaleString('en')} accounts`, searchIndexes, search);
    }
    const size = (growthSizes.at(-1) ?? 1_000).toLocaleString('en');
    await compare(`preview + commit in a workspace of ${size} dimensions`, ['objects_by_keyword'], bigCycle);
  } finally {
    bareServer.close();
    await server.close();
    await backend.close();
  }
  return report;
}

/** One preview + commit; its commit request is what the replay workload sends again. */
async function firstCommit(server: RunningServer, secret: string, workspaceId: number) {
  const base = `/openapi/v1/workspaces/${workspaceId}/management/dimensions/`;
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const changes = { type: 'string', format: '', names: ['replayed'] };
  const preview = await fetch(`${server.url}${base}preview/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ action: 'create', changes }),
  });
  const { data } = (await preview.json()) as { data: { planToken: string } };
  const body = JSON.stringify({ changes, planToken: data.planToken });
  const commit = await fetch(`${server.url}${base}`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': 'replay-1' },
    body,
  });
  if (commit.status !== 200) throw new Error(`setup commit failed: ${commit.status} ${await commit.text()}`);
  return { path: base, body, idempotencyKey: 'replay-1' };
}

async function answerBytes(server: RunningServer, secret: string, path: string): Promise<number> {
  const answer = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  return (await answer.arrayBuffer()).byteLength;
}

/** The search measures finding one account among many, not shipping a large answer. */
async function expectOneMatch(server: RunningServer, secret: string, search: Workload) {
  if (search.kind !== 'get') return;
  const answer = await fetch(`${server.url}${search.path}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const { data } = (await answer.json()) as { data: unknown[] };
  if (data.length !== 1) throw new Error(`${search.path} found ${data.length} accounts, expected 1`);
}

function progress(line: string) {
  process.stderr.write(`bench: ${line}\n`);
}

// autocannon's latency histogram counts whole milliseconds.
const ms = (value: number) => (value < 1 ? '<1' : String(Math.round(value)));
const rate = (value: number) => Math.round(value).toLocaleString('en');
const failures = (s: LoadSummary) =>
  s.non2xx + s.errors === 0
    ? '0'
    : `${s.non2xx + s.errors} (${Object.entries(s.statusCodes)
        .filter(([code]) => code !== '200')
        .map(([code, count]) => `${code}: ${count}`)
        .join(', ')}${s.errors ? `, errors: ${s.errors}` : ''})`;

function markdown(reports: BackendReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    const hello = report.measured[0]?.peak.rps ?? Number.NaN;
    lines.push(`### ${report.backend}`, '');
    lines.push(
      `| Workload | answer bytes | req/s (${connections} connections) | vs bare route | p50 ms | p99 ms | p99 ms at half that rate | failed |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const m of report.measured) {
      const cycles =
        m.peak.cyclesPerSecond === undefined ? '' : ` = ${rate(m.peak.cyclesPerSecond)} cycles/s`;
      const half = m.half ? `${ms(m.half.p99)} at ${rate(m.halfRate ?? 0)}/s` : '';
      const failed = m.half ? `${failures(m.peak)} / ${failures(m.half)}` : failures(m.peak);
      lines.push(
        `| ${m.name} | ${m.bytes === undefined ? '' : m.bytes.toLocaleString('en')} | ${rate(m.peak.rps)}${cycles} | ${((100 * m.peak.rps) / hello).toFixed(1)}% | ${ms(m.peak.p50)} | ${ms(m.peak.p99)} | ${half} | ${failed} |`,
      );
    }
    lines.push(
      '',
      `The "vs bare route" column measures against the bare route inside the server's app, through its request-id, metrics and log middleware; the issue's target is against the bare app below.`,
    );
    if (report.readPath.length > 0) lines.push('', readPathMarkdown(report.readPath, connections));
    lines.push('', 'Growth, one connection (the latency of one request):', '');
    lines.push('| Workload | rows | req/s | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|');
    for (const g of report.growth) {
      lines.push(
        `| ${g.name} | ${g.rows.toLocaleString('en')} | ${rate(g.summary.rps)} | ${ms(g.summary.p50)} | ${ms(g.summary.p99)} |`,
      );
    }
    lines.push('', 'Migration 4 (indexes), one connection, same data: without its indexes / with them:', '');
    lines.push(
      '| Workload | req/s before | p50 ms before | req/s after | p50 ms after |',
      '|---|---:|---:|---:|---:|',
    );
    for (const b of report.beforeAfter) {
      const r = (s: LoadSummary) => rate(s.cyclesPerSecond ?? s.rps);
      lines.push(`| ${b.name} | ${r(b.before)} | ${ms(b.before.p50)} | ${r(b.after)} | ${ms(b.after.p50)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const withSqlite = args.backend === 'all' || args.backend === 'sqlite';
const withPostgres = args.backend === 'all' || args.backend === 'postgres';
const backends: Array<() => Promise<Backend | undefined>> = [];
if (args.scale !== 'only' && !onlyBatches && withSqlite) backends.push(async () => sqliteBackend());
if (args.scale !== 'only' && !onlyBatches && withPostgres) backends.push(postgresBackend);

const loadBefore = loadavg()[0] ?? 0;
const started = new Date();
const load = new LoadGenerator();
const reports: BackendReport[] = [];
try {
  for (const open of backends) {
    const backend = await open();
    if (backend) reports.push(await benchBackend(backend, load));
  }
} finally {
  load.close();
}
// Issue 12: processes, connections and workers, each in processes of their own (after the
// in-process server above has closed, so they do not share the cores with it).
let scale: ScaleRow[] | undefined;
let workers: WorkersRow[] | undefined;
if (args.scale !== 'off' && !onlyBatches) {
  if (withPostgres && existsSync(join(postgresBin, 'initdb'))) {
    scale = await measureScale({
      durationSeconds: duration,
      connections: [8, 32],
      processes: 2,
      repo: REPO_ROOT,
    });
  }
  if (withSqlite) {
    workers = await measureWorkers({
      durationSeconds: duration,
      connections,
      repo: REPO_ROOT,
      counts: [1, 2],
    });
  }
}
// Batches against a server process of their own, after the others (they would share the cores).
const batches =
  withSqlite && wanted('batches')
    ? await measureBatches({ repo: REPO_ROOT, sizes: growthSizes, progress })
    : undefined;
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  [
    `## Run of ${started.toISOString()}`,
    '',
    `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `${duration} s per measurement; 1-minute load average ${loadBefore.toFixed(2)} before, ` +
      `${(loadavg()[0] ?? 0).toFixed(2)} after (anything above ~1 means other work shared the 2 cores).`,
    '',
    markdown(reports),
    ...(batches
      ? [
          '### Batches at size (SQLite file, `npm start` process, 1,000 items per request)',
          '',
          batchesMarkdown(batches),
          '',
        ]
      : []),
  ].join('\n'),
);
if (scale || workers) {
  const section = scaleMarkdown({
    started,
    loadBefore,
    loadAfter: loadavg()[0] ?? 0,
    durationSeconds: duration,
    scale,
    workers,
    workerConnections: connections,
  });
  console.log(`### Processes, connections and workers\n\n${section}`);
  const docs = join(REPO_ROOT, 'docs/performance.md');
  writeIntoDocs(docs, section);
  progress(`wrote the scale table into ${docs}`);
}
