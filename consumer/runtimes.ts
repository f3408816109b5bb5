/**
 * The runtime matrix (consumer/runtimes.test.ts): which runtimes run the SDK and the mock from
 * their packed tarballs, how each is started, and the runtime table of docs/runtimes.md checked against what
 * they showed. Every runtime binary is a dev dependency from the npm registry.
 */

import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BuildOptions, build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { consumerEnv, REPO_ROOT, run } from './harness';

/** One case's outcome, as the case scripts report it (consumer/fixtures/runtimes/cases.mjs). */
export interface CaseResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** What one runtime printed: its own name and version, and every case it ran. */
export interface RuntimeReport {
  runtime: string;
  results: CaseResult[];
}

/** The runtime table's rows: each case's name starts with one of these, then a colon. */
export const ENTRIES = {
  sdk: '@wsadmin/sdk',
  'sdk/query': '@wsadmin/sdk/query',
  'mock core': '@wsadmin/mock',
  'mock/node': '@wsadmin/mock/node',
  'mock/browser': '@wsadmin/mock/browser',
} as const;
export type Entry = keyof typeof ENTRIES;

/** The cases of consumer/fixtures/runtimes/cases.mjs, which every runtime runs. */
export const SHARED_CASES = [
  'sdk: calls',
  'sdk: typed errors (ApiError)',
  'sdk: retries',
  'sdk: apply()',
  'sdk/query: fetchQuery through @tanstack/query-core',
  'mock core: createMock(...).fetch as the SDK fetch',
] as const;
const MSW_CASE = 'mock/node: setupMockServer (MSW) answers the global fetch';
const OWN_HANDLERS_CASE =
  "mock/node: the project's own handler and createMock's in one setupServer; close() ends both";
const WORKER_CASE = 'mock core: without sqlWasm, createMock throws naming the option';

const BROWSER_ONLY =
  'MSW in a page: a service worker registered by a page; covered by the browser tests (examples/browser, Chromium)';

export interface Runtime {
  /** The runtime table's column. */
  column: string;
  /** What the runtime must say it is (guards against running the wrong binary). */
  identity: RegExp;
  cases: readonly string[];
  /** Entries this runtime cannot run, with the reason; the runtime table must say "no" there. */
  notRun: Partial<Record<Entry, string>>;
  /** The msw the consumer project installed (a peer of the mock): 2 unless it says 3. */
  msw?: 3;
  /** Runs the cases in the installed consumer project. */
  start(project: string): Promise<RuntimeReport>;
}

const bin = (path: string) => join(REPO_ROOT, 'node_modules', path);

/** Runs run.mjs with a command line and reads its RESULTS line. */
async function script(command: string, args: readonly string[], project: string): Promise<RuntimeReport> {
  if (!existsSync(command))
    throw new Error(`${command} is not installed: npm ci installs it (a dev or optional dependency)`);
  const env = consumerEnv({ NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(project, '.deno') });
  const { stdout, stderr } = await run(command, [...args, 'run.mjs'], {
    cwd: project,
    env,
    timeoutMs: 120_000,
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULTS '));
  if (!line) throw new Error(`no RESULTS line; stdout:\n${stdout}\nstderr:\n${stderr}`);
  return JSON.parse(line.slice('RESULTS '.length)) as RuntimeReport;
}

const NODE_CASES = [...SHARED_CASES, MSW_CASE, OWN_HANDLERS_CASE];
const SERVER_SIDE = { 'mock/browser': BROWSER_ONLY };

/** A runtime that runs run.mjs (the shared cases and MSW) from the command line. */
function scripted(column: string, identity: RegExp, command: string, args: readonly string[] = []): Runtime {
  return {
    column,
    identity,
    cases: NODE_CASES,
    notRun: SERVER_SIDE,
    start: (project) => script(command, args, project),
  };
}

// Each runtime reports `<runtime> <version>, msw <version>`: the identity checks both.
export const RUNTIMES: Record<string, Runtime> = {
  node20: scripted('Node 20', /^node 20\.\S+, msw 2\./, process.execPath),
  node22: scripted('Node 22', /^node 22\.\S+, msw 2\./, bin('node22/bin/node')),
  node24: scripted('Node 24', /^node 24\.\S+, msw 2\./, bin('node24/bin/node')),
  // msw 3 needs Node 22.12+: its own consumer project, run by the node22 and node24 binaries.
  node22msw3: { ...scripted('Node 22, msw 3', /^node 22\.\S+, msw 3\./, bin('node22/bin/node')), msw: 3 },
  node24msw3: { ...scripted('Node 24, msw 3', /^node 24\.\S+, msw 3\./, bin('node24/bin/node')), msw: 3 },
  bun: scripted('Bun', /^bun 1\.\S+, msw 2\./, bin('.bin/bun')),
  // The project's node_modules as npm installed it; no lockfile of Deno's own.
  deno: scripted('Deno', /^deno 2\.\S+, msw 2\./, bin('.bin/deno'), ['run', '-A', '--no-lock']),
  workerd: {
    column: 'workerd',
    identity: /^workerd \(Cloudflare-Workers\)/,
    cases: [...SHARED_CASES, WORKER_CASE],
    notRun: {
      'mock/node':
        "MSW's setupServer intercepts Node's http modules and the process's fetch; a Worker's fetch is its own: pass createMock(...).fetch to the SDK",
      ...SERVER_SIDE,
    },
    start: worker,
  },
};

/**
 * worker.mjs bundled as a Worker is (esbuild, platform neutral, conditions worker and browser; the
 * .wasm file kept beside it), then run by workerd through Miniflare and asked once. With the
 * `nodejs_compat` flag: MSW, which the mock's core entry loads for its handlers, keeps cookies in
 * `localStorage` unless it sees a Node process, and a Worker has neither without the flag
 * (`workerWithoutNodejsCompat` shows the failure).
 */
async function worker(project: string, flags: string[] = ['nodejs_compat']): Promise<RuntimeReport> {
  const outdir = join(project, 'dist-worker');
  if (!existsSync(join(outdir, 'worker.js'))) {
    await bundleWorker(project, outdir, { loader: { '.wasm': 'copy' } });
  }
  const { output, ended, handleRuntimeStdio } = workerdOutput();
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: join(outdir, 'worker.js'),
    // Module names are relative to this folder (workerd refuses paths that climb out with `..`).
    modulesRoot: outdir,
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    compatibilityFlags: flags,
    handleRuntimeStdio,
  });
  try {
    const answer = await miniflare.dispatchFetch('http://matrix.test/');
    const text = await answer.text();
    if (!answer.ok) throw new Error(`the Worker answered ${answer.status}: ${text}`);
    await miniflare.dispose();
    return JSON.parse(text) as RuntimeReport;
  } catch (error) {
    // workerd's own words (an uncaught error at start-up) arrive on its output, read to the end.
    await miniflare.dispose().catch(() => undefined);
    await Promise.race([Promise.all(ended), sleep(2000)]);
    throw new Error(`${(error as Error).message}\nworkerd's output:\n${output()}`, { cause: error });
  }
}

/**
 * The project's worker.mjs bundled as wrangler bundles a Worker: esbuild, platform neutral,
 * conditions worker and browser, into `outdir/worker.js`. `extra` may add loaders, or replace the
 * conditions (the concurrency drill adds `@wsadmin/source` to bundle this repository's sources).
 */
export async function bundleWorker(
  project: string,
  outdir: string,
  extra: Pick<BuildOptions, 'loader' | 'conditions'> = {},
): Promise<void> {
  await build({
    entryPoints: [join(project, 'worker.mjs')],
    absWorkingDir: project,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    outdir,
    logLevel: 'silent',
    ...extra,
  });
}

/** What workerd prints, kept for error messages: Miniflare's `handleRuntimeStdio` and the text. */
export function workerdOutput() {
  let text = '';
  const ended: Promise<unknown>[] = [];
  return {
    output: () => text,
    ended,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) {
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        ended.push(once(stream, 'close'));
      }
    },
  };
}

/** The same Worker without `nodejs_compat`: the error it fails with (or a note that it did not fail). */
export async function workerWithoutNodejsCompat(project: string): Promise<string> {
  try {
    await worker(project, []);
    return 'the Worker started and answered';
  } catch (error) {
    return (error as Error).message;
  }
}

/** The entry a case checks: its name up to the first colon. */
export function entryOf(caseName: string): Entry {
  const entry = caseName.slice(0, caseName.indexOf(':'));
  if (!(entry in ENTRIES)) throw new Error(`case "${caseName}" names no entry of the runtime table`);
  return entry as Entry;
}

/** The runtime table (docs/runtimes.md): cell text by entry (`@wsadmin/sdk`) and column (`Node 22`). */
export type RuntimeTable = Map<string, Map<string, string>>;

/** Finds the table whose header starts with `| Entry |` and reads it. */
export function parseRuntimeTable(markdown: string): RuntimeTable {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Entry\s*\|/.test(line));
  if (start < 0) throw new Error('no table with an "Entry" column in docs/runtimes.md');
  const cells = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split('|')
      .map((cell) => cell.trim());
  const columns = cells(lines[start] ?? '').slice(1);
  const table: RuntimeTable = new Map();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [entry = '', ...values] = cells(line);
    table.set(
      entry.replace(/`/g, ''),
      new Map(columns.map((column, index) => [column.replace(/\s*\(.*\)$/, ''), values[index] ?? ''])),
    );
  }
  return table;
}

/** The runtime table (docs/runtimes.md) as it is in the repository. */
export function readmeRuntimeTable(): RuntimeTable {
  return parseRuntimeTable(readFileSync(join(REPO_ROOT, 'docs/runtimes.md'), 'utf8'));
}

/**
 * Where the table and the matrix disagree, one message each: a cell starting "yes" needs every case
 * of its entry to have passed on that runtime (and at least one to have run); a cell starting "no"
 * needs the runtime to name the reason it does not run the entry; every entry and column must be there.
 */
export function tableProblems(
  table: RuntimeTable,
  runtimes: Record<string, Pick<Runtime, 'column' | 'notRun'>>,
  reports: Record<string, RuntimeReport | undefined>,
): string[] {
  const problems: string[] = [];
  for (const [id, runtime] of Object.entries(runtimes)) {
    for (const [entry, name] of Object.entries(ENTRIES) as [Entry, string][]) {
      const cell = table.get(name)?.get(runtime.column);
      if (cell === undefined) {
        problems.push(`${name} / ${runtime.column}: no cell in the table`);
        continue;
      }
      const results = (reports[id]?.results ?? []).filter((result) => entryOf(result.name) === entry);
      if (/^yes\b/i.test(cell)) {
        const failed = results.filter((result) => !result.ok).map((result) => result.name);
        if (results.length === 0)
          problems.push(`${name} / ${runtime.column}: says "${cell}", but no case ran`);
        else if (failed.length > 0)
          problems.push(`${name} / ${runtime.column}: says "${cell}", but failed: ${failed.join('; ')}`);
      } else if (/^no\b/i.test(cell)) {
        if (!runtime.notRun[entry])
          problems.push(
            `${name} / ${runtime.column}: says "${cell}", but the matrix runs it (cases: ${results.length})`,
          );
      } else problems.push(`${name} / ${runtime.column}: "${cell}" starts with neither yes nor no`);
    }
  }
  return problems;
}
