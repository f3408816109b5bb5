/**
 * `npm run pack:try`, the command that packs every published package into one folder and prints the
 * line that installs each from there (docs/releasing.md). It runs here with `--no-pack` on the
 * tarballs this test run packed once (consumer/packs.ts, the same packAll the command calls), and one
 * printed line is run as printed in an empty folder.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerEnv, finish, npmCache, PACKAGES, REPO_ROOT, run } from './harness';
import { sharedTarballs } from './packs';
import { publicPackages } from './try-packs';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-try-packs-'));
let folder: string;
let printed: Map<string, string[]>;

/** The printed lines, by package: `@wsadmin/x:` then `  npm install <tarball> …`. */
function parseLines(stdout: string): Map<string, string[]> {
  const lines = new Map<string, string[]>();
  const rows = stdout.split('\n');
  rows.forEach((row, index) => {
    const name = /^(@wsadmin\/[\w-]+):$/.exec(row)?.[1];
    if (name) lines.set(name, (rows[index + 1] ?? '').trim().split(' '));
  });
  return lines;
}

/** The `@wsadmin` packages a packed tarball's own package.json depends on, of the kinds npm installs. */
async function wsadminDependenciesOf(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: root });
  const manifest = JSON.parse(stdout) as Record<string, Record<string, string> | undefined>;
  return ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((kind) =>
    Object.keys(manifest[kind] ?? {}).filter((name) => name.startsWith('@wsadmin/')),
  );
}

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  folder = dirname(tarballs['@wsadmin/sdk']);
  const { stdout } = await run('npm', ['run', '--silent', 'pack:try', '--', '--out', folder, '--no-pack'], {
    cwd: REPO_ROOT,
  });
  printed = parseLines(stdout);
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

describe('npm run pack:try', { timeout: 300_000 }, () => {
  it('prints a line for each published package and none for a private one', () => {
    const published = publicPackages(REPO_ROOT).map((pkg) => pkg.name);
    expect([...printed.keys()].sort()).toEqual([...published].sort());
    // The consumer tests pack the same packages the command prints.
    expect([...printed.keys()].sort()).toEqual([...PACKAGES].sort());
    expect(printed.has('@wsadmin/server-testing')).toBe(false);
  });

  it("starts each line with the package's own tarball, then only tarballs in the folder", () => {
    for (const [name, words] of printed) {
      expect(words.slice(0, 2)).toEqual(['npm', 'install']);
      const paths = words.slice(2);
      expect(basename(paths[0] ?? '')).toMatch(new RegExp(`^${name.slice(1).replace('/', '-')}-\\d`));
      for (const path of paths) {
        expect(dirname(path)).toBe(folder);
        expect(existsSync(path)).toBe(true);
      }
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  // Read from the tarballs themselves, not from the workspace: what npm will see when it installs.
  it('names, on each line, the tarball of every @wsadmin package a tarball on it depends on, and no other', async () => {
    const byName = new Map<string, string>();
    for (const [name, words] of printed) byName.set(name, words[2] ?? '');
    for (const [name, words] of printed) {
      const named = new Set(words.slice(2));
      const reachable = new Set<string>();
      const visit = async (current: string) => {
        if (reachable.has(current)) return;
        reachable.add(current);
        for (const dependency of await wsadminDependenciesOf(byName.get(current) ?? ''))
          await visit(dependency);
      };
      await visit(name);
      expect([...named].sort(), name).toEqual([...reachable].map((each) => byName.get(each)).sort());
    }
  });

  it('installs @wsadmin/conformance with its printed line, as printed, into an empty folder', async () => {
    const project = join(root, 'conformance-from-line');
    mkdirSync(project);
    const line = printed.get('@wsadmin/conformance')?.join(' ') ?? '';
    const cache = await npmCache();
    // The line as printed, through a shell; the flags only keep the install on this machine's cache.
    await run('sh', ['-c', `${line} --prefer-offline --no-audit --no-fund --cache '${cache}'`], {
      cwd: project,
      timeoutMs: 300_000,
    });
    // npm ls exits non-zero on a missing or unmet dependency.
    const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: project });
    expect(stdout).toContain(join('node_modules', '@wsadmin', 'sdk'));
    const help = await run(join(project, 'node_modules', '.bin', 'wsadmin-conformance'), ['--help'], {
      cwd: project,
    });
    expect(help.stdout).toContain('--base-url');
  });

  it('says which tarballs are missing when --no-pack finds an empty folder, and exits 1', async () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const result = await finish('npm', ['run', '--silent', 'pack:try', '--', '--out', empty, '--no-pack'], {
      cwd: REPO_ROOT,
      env: consumerEnv(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('wsadmin-contract-');
    expect(result.stderr).toContain('run without --no-pack to pack them');
  });
});
