/**
 * The Worker setups the concurrency drill (consumer/workers-drill.ts) runs on: two Workers in one
 * Miniflare, `a` and `b`, as two isolates of one deployed Worker, each with its own module state
 * and both over the same database. A setup is the Worker module a user writes and the Miniflare
 * options of the two; everything else (bundling, starting, routing) is shared here.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSecret } from '@wsadmin/server-core';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { REPO_ROOT } from './harness';
import { bundleWorker, workerdOutput } from './runtimes';
import type { DrillTarget } from './workers-drill';

/** The bundled Worker and the settings every isolate gets as bindings. */
export interface DrillWorker {
  scriptPath: string;
  modulesRoot: string;
  bindings: Record<string, string>;
}

export interface WorkersSetup {
  /** The Worker module (worker.mjs) as a user writes it. */
  module: string;
  /** Miniflare's options of worker `a` and worker `b`: one deployment, one database. */
  workers(worker: DrillWorker): [WorkerOptions, WorkerOptions];
}

const common = (worker: DrillWorker) => ({
  modules: true,
  scriptPath: worker.scriptPath,
  modulesRoot: worker.modulesRoot,
  compatibilityDate: '2026-04-01',
  bindings: worker.bindings,
});

/**
 * The Worker as docs/runtimes.md has a user write it: every request of both isolates goes to the
 * one SQLite-backed Durable Object, declared by worker `a` and bound by `b` through `scriptName`,
 * as every isolate of a deployed Worker reaches the same object (decision 0029).
 */
export const durableObjectSetup: WorkersSetup = {
  module: "export { default, WsadminDatabase } from '@wsadmin/server-core/cloudflare-workers';\n",
  workers: (worker) => [
    {
      name: 'a',
      ...common(worker),
      durableObjects: { WSADMIN: { className: 'WsadminDatabase', useSQLite: true } },
    },
    {
      name: 'b',
      ...common(worker),
      durableObjects: { WSADMIN: { className: 'WsadminDatabase', scriptName: 'a', useSQLite: true } },
    },
  ],
};

/** The setups by the name `npm run drill:workers -- <name>` takes. */
export const WORKERS_SETUPS: Record<string, WorkersSetup> = {
  'durable-object': durableObjectSetup,
};

/**
 * Where the Worker module's imports resolve: an installed consumer project (the packed tarballs,
 * as a user has them), or this repository's sources (`npm run drill:workers`: no packing).
 */
export interface ModuleSource {
  /** A folder whose node_modules has `@wsadmin/server-core`. */
  project: string;
  /** Export conditions besides wrangler's (worker, browser). */
  conditions?: string[];
}

export const PACKED = (project: string): ModuleSource => ({ project });
export const SOURCES: ModuleSource = { project: REPO_ROOT, conditions: ['@wsadmin/source'] };

/**
 * Starts the two workers of `setup` in one Miniflare on a fresh in-memory database and lets each
 * open it (the first request of an isolate migrates and stores the bootstrap key), one after the
 * other: the drill is about its requests, not about two isolates starting at once.
 */
export async function startWorkers(setup: WorkersSetup, source: ModuleSource): Promise<DrillTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-workers-drill-'));
  const entry = join(dir, 'entry');
  mkdirSync(entry);
  writeFileSync(join(entry, 'worker.mjs'), setup.module);
  // The module resolves its imports from the source's node_modules, as if it were written there.
  symlinkSync(join(source.project, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const outdir = join(dir, 'bundle');
  await bundleWorker(
    entry,
    outdir,
    source.conditions ? { conditions: [...source.conditions, 'worker', 'browser'] } : {},
  );
  const key = `wsk_${randomSecret(24)}`;
  const { output, handleRuntimeStdio } = workerdOutput();
  const [a, b] = setup.workers({
    scriptPath: join(outdir, 'worker.js'),
    modulesRoot: outdir,
    bindings: { WSADMIN_BOOTSTRAP_KEY: key, LOG_LEVEL: 'warn' },
  });
  const miniflare = new Miniflare({
    workers: [
      { ...a, routes: ['a.wsadmin.drill/*'] },
      { ...b, routes: ['b.wsadmin.drill/*'] },
    ],
    handleRuntimeStdio,
  });
  const stop = async () => {
    await miniflare.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await miniflare.ready;
    // Routed by host: the drill's URLs name wsadmin.drill, each isolate its own subdomain.
    const through =
      (name: 'a' | 'b') =>
      (url: string, init: RequestInit): Promise<Response> =>
        miniflare.dispatchFetch(
          url.replace('//wsadmin.drill', `//${name}.wsadmin.drill`),
          init as never,
        ) as never;
    const isolates = [through('a'), through('b')] as const;
    for (const isolate of isolates) {
      const health = await isolate('http://wsadmin.drill/healthz', {});
      if (!health.ok)
        throw new Error(`a worker answered ${health.status}: ${await health.text()}\n${output()}`);
    }
    return { isolates, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
