import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { collect, exitOf, REPO_ROOT, waitFor } from '../src/processes';
import type { Workload } from './load';
import { LoadGenerator } from './load-client';

/**
 * `npm run bench:runtimes`: the workspace detail read (`GET /openapi/v1/workspaces/{id}/`) of the
 * reference server, asked again and again (the answer cache serves it) and rotating over 20
 * workspaces with a query string of its own per request (uncached), on Node, Bun, Deno and
 * Cloudflare Workers (workerd in Miniflare, the database in a SQLite-backed Durable Object), each beside a bare Hono route served by the same runtime, loaded over
 * loopback by autocannon in another process. The servers run as a user starts them, from this
 * repository's sources, in production mode (no response validation, no request log). Rounds
 * alternate bare, repeated and rotating; the report gives each round's ratio and their median.
 * Options: --duration <seconds> (4), --connections <n> (10), --rounds <n> (3),
 * --only node,bun,deno,workerd (all).
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: '' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

interface Started {
  url: string;
  stop(): Promise<void>;
}

interface BenchRuntime {
  name: string;
  bare(): Promise<Started>;
  server(env: Record<string, string>): Promise<Started>;
}

const bin = (path: string) => join(REPO_ROOT, 'node_modules', '.bin', path);
const BARE = join(REPO_ROOT, 'packages', 'server-testing', 'bench', 'bare-apps');
const SOURCE = '--conditions=@wsadmin/source';

/** A process of the repository, ready once its output shows its URL. */
async function started(
  command: string,
  argv: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Started> {
  const child = spawn(command, argv, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
      ...env,
    },
    stdio: 'pipe',
  }) as ChildProcessWithoutNullStreams;
  const output = collect(child);
  const exited = exitOf(child);
  const { stdout } = await waitFor(output, (o) => ready.test(o.stdout) || child.exitCode !== null, 90_000);
  const url = ready.exec(stdout)?.[1];
  if (!url) throw new Error(`${command} did not start:\n${output().stdout}\n${output().stderr}`);
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const SERVER = /server on (http:\/\/\S+)/;
const BARE_APP = /bare app on (http:\/\/\S+)/;

/** A Worker module of this repository, bundled as wrangler would, in Miniflare. */
async function worker(entry: string, bindings: Record<string, string>, database: boolean): Promise<Started> {
  const outdir = mkdtempSync(join(tmpdir(), 'wsadmin-bench-worker-'));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['@wsadmin/source', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    outdir,
    logLevel: 'silent',
  });
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: join(outdir, `${entry.split('/').at(-1)?.replace(/\.ts$/, '')}.js`),
    modulesRoot: outdir,
    compatibilityDate: '2026-04-01',
    bindings,
    ...(database
      ? {
          durableObjects: { WSADMIN: { className: 'WsadminDatabase', useSQLite: true } },
          durableObjectsPersist: join(outdir, 'objects'),
        }
      : {}),
    port: 0,
  });
  const url = (await miniflare.ready).origin;
  return {
    url,
    async stop() {
      await miniflare.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

const RUNTIMES: BenchRuntime[] = [
  {
    name: 'Node 20 (@wsadmin/server, SQLite file)',
    bare: () => started(process.execPath, ['--import', 'tsx', join(BARE, 'node.ts')], {}, BARE_APP),
    server: (env) =>
      started(process.execPath, [SOURCE, '--import', 'tsx', 'packages/server/src/bin/start.ts'], env, SERVER),
  },
  {
    name: 'Bun (@wsadmin/server-core/bun, bun:sqlite)',
    bare: () => started(bin('bun'), [join(BARE, 'bun.ts')], {}, BARE_APP),
    server: (env) => started(bin('bun'), [SOURCE, 'packages/server-core/src/bun.ts'], env, SERVER),
  },
  {
    name: 'Deno (@wsadmin/server-core/deno, node:sqlite)',
    bare: () => started(bin('deno'), ['run', '-A', '--no-lock', join(BARE, 'deno.ts')], {}, BARE_APP),
    server: (env) =>
      started(
        bin('deno'),
        ['run', '-A', '--no-lock', SOURCE, 'packages/server-core/src/deno.ts'],
        env,
        SERVER,
      ),
  },
  {
    name: 'Cloudflare Workers (workerd in Miniflare, SQLite-backed Durable Object)',
    bare: () => worker(join(BARE, 'worker.ts'), {}, false),
    server: (env) => {
      const { DATABASE_URL, PORT, HOST, ...bindings } = env;
      return worker(join(REPO_ROOT, 'packages/server-core/src/cloudflare-workers.ts'), bindings, true);
    },
  },
];

const only = args.only.split(',').filter(Boolean);
const chosen = RUNTIMES.filter(
  (runtime) => only.length === 0 || only.some((word) => runtime.name.toLowerCase().includes(word)),
);
const load = new LoadGenerator();
const secret = 'wsk_bench_runtimes_0123456789abcdef';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(
  `bench:runtimes ${new Date().toISOString()}, ${cpus().length} CPUs, load ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}; ${rounds} rounds of ${duration} s, ${connections} connections`,
);
const rows: string[] = [];
try {
  for (const runtime of chosen) {
    const dir = mkdtempSync(join(tmpdir(), 'wsadmin-bench-runtime-'));
    const server = await runtime.server({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      WSADMIN_BOOTSTRAP_KEY: secret,
    });
    const bare = await runtime.bare();
    try {
      // One detail asked again and again (the answer cache serves it), and a rotating set of
      // workspaces with a query string of its own per request (no cached answer can serve it).
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await fetch(`${server.url}/openapi/v1/workspaces/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `bench detail ${i}` }),
        });
        ids.push(((await created.json()) as { data: { id: number } }).data.id);
      }
      const paths = ids.map((id) => `/openapi/v1/workspaces/${id}/`);
      const bareRates: number[] = [];
      const repeatedRates: number[] = [];
      const rotatingRates: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const run = async (url: string, workload: Workload) => {
          const summary = await load.run({
            url,
            key: secret,
            workload,
            connections,
            durationSeconds: duration,
          });
          if (summary.non2xx > 0 || summary.errors > 0)
            throw new Error(`${runtime.name}: ${summary.non2xx} non-2xx, ${summary.errors} errors`);
          return summary.rps;
        };
        bareRates.push(await run(bare.url, { kind: 'get', path: '/bench/hello' }));
        repeatedRates.push(await run(server.url, { kind: 'get', path: paths[0] ?? '' }));
        rotatingRates.push(await run(server.url, { kind: 'rotating', paths }));
      }
      const share = (rates: number[]) => {
        const ratios = rates.map((rate, i) => rate / (bareRates[i] ?? 1));
        return `${Math.round(median(rates))} (${(median(ratios) * 100).toFixed(1)}%; ${ratios.map((r) => (r * 100).toFixed(0)).join(', ')})`;
      };
      rows.push(
        `| ${runtime.name} | ${Math.round(median(bareRates))} | ${share(repeatedRates)} | ${share(rotatingRates)} |`,
      );
      console.log(rows.at(-1));
    } finally {
      await bare.stop();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  load.close();
}
console.log(
  `\n| Runtime | bare Hono route req/s | detail, repeated: req/s (share of bare; each round) | detail, rotating, uncached: req/s (share; each round) |\n|---|---|---|---|\n${rows.join('\n')}`,
);
console.log(
  `load at the end: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
