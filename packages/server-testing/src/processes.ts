import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `npm start` and `npm run keys` run. */
export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');

/** A temporary directory holding a SQLite file; `remove()` deletes both. */
export function tempDatabase(prefix: string): { file: string; url: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'wsadmin.db');
  return { file, url: `sqlite:${file}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Only what the child needs: settings of the test runner (or of the developer's shell, e.g. a
 * DATABASE_URL) must not leak into the program under test.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env };
}

/**
 * `node --import tsx <script>` from the repository root, as the npm scripts run it; `imports` are
 * loaded after tsx (a resolve hook, say).
 */
export function spawnTsx(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { imports?: readonly string[] } = {},
) {
  const imports = (options.imports ?? []).flatMap((path) => ['--import', path]);
  return spawn(
    process.execPath,
    ['--conditions=@wsadmin/source', '--import', 'tsx', ...imports, script, ...args],
    { cwd: REPO_ROOT, env: childEnv(env), stdio: 'pipe' },
  );
}

/** One line of the server's stdout: a JSON object, as pino writes it. */
export interface LogRecord {
  level: number;
  time: string;
  pid?: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * Every complete line of a server's stdout, each parsed as the JSON object it must be (LOG_FORMAT
 * json). Throws naming the first line that is not one; a last line still being written is left out.
 */
export function logRecords(stdout: string): LogRecord[] {
  const lines = stdout.split('\n').slice(0, -1);
  return lines.map((line, index) => {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      throw new Error(`stdout line ${index + 1} is not JSON: ${line}`);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record))
      throw new Error(`stdout line ${index + 1} is not a JSON object: ${line}`);
    return record as LogRecord;
  });
}

/** What the start-up record (the banner as JSON) carries. */
export interface StartupRecord extends LogRecord {
  url: string;
  database: string;
  runtime: string;
  createdKeySecret?: string;
  workers?: number[];
  testClock?: string;
}

/** The start-up record among a server's stdout lines, once written. */
export function startupRecord(stdout: string): StartupRecord | undefined {
  return logRecords(stdout).find(
    (record): record is StartupRecord =>
      typeof record.url === 'string' && record.msg.startsWith('wsadmin reference server on '),
  );
}

/**
 * The URL a started `wsadmin-server` listens on, once its start-up record is out. Fails with all
 * the server wrote when it exits first or prints no URL. Generous by default: compiling the server
 * from its sources on a loaded machine takes a while.
 */
export async function listeningUrl(
  child: ChildProcessWithoutNullStreams,
  output: () => { stdout: string; stderr: string },
  timeoutMs = 50_000,
): Promise<string> {
  const { stdout } = await waitFor(
    output,
    (seen) => startupRecord(seen.stdout) !== undefined || child.exitCode !== null,
    timeoutMs,
  );
  const url = startupRecord(stdout)?.url;
  if (!url) throw new Error(`the server printed no URL:\n${stdout}\n${output().stderr}`);
  return url;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a script to its end and collects its output. */
export function runTsx(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  const child = spawnTsx(script, args, env);
  const output = collect(child);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code, signal) => done({ code, signal, ...output() }));
  });
}

const bundles = new Map<string, Promise<string>>();

/**
 * A repository script (`packages/server/src/bin/keys.ts`) bundled into one ES module file, as its
 * build ships it: the repository's packages from source, their dependencies (better-sqlite3,
 * kysely, …) left to Node. `node --import tsx` spends two to three seconds of CPU compiling the
 * sources at every start; a test that runs a command many times runs the bundle (only for scripts
 * that read no file beside their own source). Bundled once per test process.
 */
export function bundledScript(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    bundle = (async () => {
      const { build } = await import('esbuild');
      // Under the repository's node_modules, so that the external dependencies resolve from there.
      const cache = join(REPO_ROOT, 'node_modules', '.cache', 'wsadmin-bundles');
      mkdirSync(cache, { recursive: true });
      // A folder of this process's own (two test files may bundle at once), removed when it exits.
      const folder = mkdtempSync(join(cache, 'script-'));
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
      const outfile = join(folder, `${basename(script, extname(script))}.mjs`);
      await build({
        entryPoints: [join(REPO_ROOT, script)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        conditions: ['@wsadmin/source'],
        logLevel: 'warning',
        plugins: [
          {
            name: 'installed-dependencies',
            setup: (esbuild) =>
              esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
                path.startsWith('@wsadmin/') ? undefined : { path, external: true },
              ),
          },
        ],
      });
      return outfile;
    })();
    bundles.set(script, bundle);
  }
  return bundle;
}

/**
 * Starts a repository script's bundle (bundledScript) with plain `node`, from the repository root:
 * `spawnTsx` without the compiling. A cluster's workers run the same file (node:cluster forks
 * `process.argv[1]`), so they start without it too.
 */
export async function spawnBundled(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ChildProcessWithoutNullStreams> {
  return spawn(process.execPath, [await bundledScript(script), ...args], {
    cwd: REPO_ROOT,
    env: childEnv(env),
    stdio: 'pipe',
  });
}

/** Runs a repository script's bundle (bundledScript) to its end with plain `node`, and collects its output. */
export async function runBundled(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<Finished> {
  const child = await spawnBundled(script, args, env);
  const output = collect(child);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code, signal) => done({ code, signal, ...output() }));
  });
}

/** Everything the child has written so far. */
export function collect(child: ChildProcessWithoutNullStreams): () => { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return () => ({ stdout, stderr });
}

/** Polls `read` until `done` holds, or fails after `timeoutMs` with what was read last. */
export async function waitFor<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((wake) => setTimeout(wake, 25));
  }
}

/** Resolves with the exit of a child (at once if it has already exited). */
export function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/** Kills a child that is still running, by its own pid, and waits for it to go. */
export async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = exitOf(child);
  process.kill(child.pid, 'SIGKILL');
  await exited;
}
