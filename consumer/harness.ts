import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publicPackages, tarballName, tarballsNeeded } from './try-packs';

/** The repository root: where the workspace packages are packed from. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(REPO_ROOT, 'consumer', 'fixtures');

/** The published packages, in dependency order. */
export const PACKAGES = [
  '@wsadmin/contract',
  '@wsadmin/server-core',
  '@wsadmin/sdk',
  '@wsadmin/conformance',
  '@wsadmin/mock',
  '@wsadmin/mcp',
  '@wsadmin/server',
] as const;
export type PackageName = (typeof PACKAGES)[number];

/**
 * The environment of a consumer's commands: the caller's, less what `npm test` and vitest set for
 * this repository (npm_config_*, npm_package_*, VITEST_*), which a consumer does not have.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // npm's and vitest's own variables describe this repository's run, not the consumer's.
    if (!/^(npm_|VITEST|INIT_CWD$|NODE_OPTIONS$)/i.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; rejects with its output when it exits non-zero. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd: options.cwd,
      env: options.env ?? consumerEnv(),
      timeout: options.timeoutMs ?? 180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr };
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string; killed?: boolean; signal?: string };
    // execFile's message says "Command failed" for a timeout too: say which it was.
    const how = failed.killed
      ? `timed out after ${(options.timeoutMs ?? 180_000) / 1000} s (${failed.signal ?? 'killed'})`
      : failed.message;
    throw new Error(
      `${command} ${args.join(' ')} failed in ${options.cwd}: ${how}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    );
  }
}

/** How a command ended: its exit code and everything it wrote. */
export interface Finished extends CommandResult {
  code: number | null;
}

/** Runs a command to its end, whatever its exit code (a refused start is an answer too). */
export function finish(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not end in time; output:\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 120_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The npm cache `npm ci` of this repository filled: consumer installs come from it (offline after the first). */
export async function npmCache(): Promise<string> {
  const { stdout } = await run('npm', ['config', 'get', 'cache'], { cwd: REPO_ROOT });
  return stdout.trim();
}

/**
 * Builds every package and packs it into `destination`; returns the tarball of each. The builds run
 * in dependency stages, two at a time where the declarations allow it (a package's declarations
 * import those of the packages it depends on, from their `dist/`); `npm pack` then runs without
 * `prepack`, which would build each package again, one after another.
 */
export async function packAll(destination: string): Promise<Record<PackageName, string>> {
  mkdirSync(destination, { recursive: true });
  const buildPackage = join(REPO_ROOT, 'build-package.mjs');
  const build = (name: PackageName) =>
    run(process.execPath, [buildPackage], { cwd: join(REPO_ROOT, folderOf(name)), timeoutMs: 300_000 });
  for (const stage of BUILD_STAGES) await Promise.all(stage.map(build));
  const args = ['pack', ...PACKAGES.flatMap((name) => ['-w', name]), '--pack-destination', destination];
  await run('npm', [...args, '--ignore-scripts', '--silent'], { cwd: REPO_ROOT });
  const tarballs = {} as Record<PackageName, string>;
  const versions = new Map(publicPackages(REPO_ROOT).map((pkg) => [pkg.name, pkg.version]));
  for (const name of PACKAGES)
    tarballs[name] = join(destination, tarballName(name, versions.get(name) ?? ''));
  return tarballs;
}

/** Build order: each stage's declarations need the previous stages' `dist/`. */
const BUILD_STAGES: readonly (readonly PackageName[])[] = [
  ['@wsadmin/contract', '@wsadmin/sdk'],
  ['@wsadmin/server-core', '@wsadmin/conformance'],
  ['@wsadmin/mock', '@wsadmin/server'],
  // The MCP server's declarations import the mock's.
  ['@wsadmin/mcp'],
];

export function folderOf(name: PackageName): string {
  return name === '@wsadmin/contract' ? 'contract' : `packages/${name.slice('@wsadmin/'.length)}`;
}

/**
 * `file:` dependencies on the tarballs of `names` and of every package they depend on, read from
 * the manifests (the same set `npm run pack:try` prints): the packages are not on a registry, so npm
 * must find each of them as a tarball.
 */
export function tarballDependencies(
  tarballs: Record<PackageName, string>,
  names: readonly PackageName[],
): Record<string, string> {
  const wanted = new Set(names.flatMap((name) => tarballsNeeded(REPO_ROOT, name) as PackageName[]));
  return Object.fromEntries([...wanted].map((name) => [name, `file:${tarballs[name]}`]));
}

/** The version of a tool this repository installed, so a consumer gets the same one from the cache. */
export function installedVersion(name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return manifest.version;
}

/**
 * A fresh consumer project in `directory` (outside the repository): the fixture's files, a
 * package.json naming the tarballs as `file:` dependencies, then a plain `npm install`.
 */
export async function createConsumer(options: {
  directory: string;
  fixture: string;
  dependencies: Record<string, string>;
  cache: string;
  /** Install scripts the project approves (npm 11.19 runs the others too, with a warning; packages/server/README.md). */
  allowScripts?: Record<string, boolean>;
  /** Extra environment of `npm install` (where install scripts find local prebuilt binaries). */
  env?: Record<string, string>;
}): Promise<void> {
  mkdirSync(options.directory, { recursive: true });
  cpSync(join(FIXTURES, options.fixture), options.directory, { recursive: true });
  const manifest = {
    name: `consumer-${options.fixture}`,
    private: true,
    type: 'module',
    dependencies: options.dependencies,
    ...(options.allowScripts ? { allowScripts: options.allowScripts } : {}),
  };
  writeFileSync(join(options.directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', '--cache', options.cache],
    { cwd: options.directory, env: consumerEnv(options.env), timeoutMs: 300_000 },
  );
}

/**
 * Where better-sqlite3's install script (prebuild-install) finds a prebuilt binary instead of
 * compiling one for a minute: the binary `npm ci` already built for this repository, packed as the
 * release asset prebuild-install would download, in `directory`. This is what most users get from
 * the release download, which this machine cannot reach. The install script still runs, unpacks
 * and places it; a consumer resolving another version finds no file there and compiles as before.
 */
export async function localPrebuilds(directory: string): Promise<Record<string, string>> {
  mkdirSync(directory, { recursive: true });
  const version = installedVersion('better-sqlite3');
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await run('tar', ['-czf', join(directory, asset), 'build/Release/better_sqlite3.node'], {
    cwd: join(REPO_ROOT, 'node_modules', 'better-sqlite3'),
  });
  return { npm_config_better_sqlite3_local_prebuilds: directory };
}

/** A long-running command in its own process group (npx does not pass signals on to its child). */
export interface RunningCommand {
  child: ChildProcess;
  output(): string;
  /** SIGTERM to the whole group (npx, the shell, the program); resolves when the command exited. */
  stop(): Promise<void>;
}

/** Starts a long-running command and resolves once its output matches `ready`. */
export function startCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<RunningCommand> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe', detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await exited;
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`no match for ${options.ready} within the time limit; output:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stop();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      fail(new Error(`exited with ${code} before it was ready; output:\n${output}`)),
    );
  });
}
