import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests import the packages by their public names (`@wsadmin/server-core`), as users do; a relative
 * import into another package's files reaches past its exports. The few that must are listed here,
 * each with its reason. Read with `node:fs`: the unit tier refuses child processes.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The workspace packages' folders (package.json "workspaces"). */
const PACKAGES: string[] = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;

/** test file -> the other package's files it may import, and why. */
const ALLOWED: Record<string, { imports: string[]; why: string }> = {
  'packages/server/test/account-search.test.ts': {
    imports: [
      'packages/server-core/src/mappings/accounts',
      'packages/server-core/src/mappings/mapping',
      'packages/server-core/src/sql/account-search',
      'packages/server-core/src/sql/accounts',
      'packages/server-core/src/storage/account-search-index',
      'packages/server-core/src/storage/migrations',
    ],
    why: "server-core's account search SQL on PostgreSQL, whose driver only @wsadmin/server has",
  },
  'packages/server/test/postgres-answer-cache.test.ts': {
    imports: ['packages/server-core/src/sql/workspaces'],
    why: "server-core's workspace queries behind the answer cache on PostgreSQL (driver in @wsadmin/server)",
  },
  'packages/server/test/sqlite-quick-reads.test.ts': {
    imports: ['packages/server-core/src/sql/objects', 'packages/server-core/src/sql/workspaces'],
    why: "server-core's read queries on better-sqlite3's quick path, which only @wsadmin/server opens",
  },
  'packages/server/test/query-plans.test.ts': {
    imports: ['packages/server-core/conformance/in-process-target'],
    why: 'the scenario suite in process over PostgreSQL storage: the in-process target is test support, never exported',
  },
  'packages/server/test/scenarios.postgres.test.ts': {
    imports: ['packages/server-core/conformance/in-process-target'],
    why: 'the scenario suite in process over PostgreSQL storage: the in-process target is test support, never exported',
  },
  'integration/mcp.test.ts': {
    imports: ['packages/mcp/test/command'],
    why: "starts wsadmin-mcp from source with the MCP package's own process helper (test support, not exported)",
  },
};

const packageOf = (path: string) => PACKAGES.find((folder) => path.startsWith(`${folder}/`));

/** Every test file of the repository (outside installs and builds), relative to the root. */
function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', '.git'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** The files of other packages a test imports by relative path. */
function crossPackageImports(file: string, source: string): string[] {
  const own = packageOf(file);
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*(['"])(\.{1,2}\/[^'"]+)\1/g)) {
    const target = normalize(join(dirname(file), match[2] ?? ''))
      .split('\\')
      .join('/');
    const theirs = packageOf(target);
    if (theirs !== undefined && theirs !== own) found.add(target);
  }
  return [...found].sort();
}

describe('imports of the tests', () => {
  it('reach other packages only by their public names, but for the listed few', () => {
    const unlisted = testFiles().flatMap((file) => {
      const allowed = ALLOWED[file]?.imports ?? [];
      return crossPackageImports(file, readFileSync(join(ROOT, file), 'utf8'))
        .filter((target) => !allowed.includes(target))
        .map(
          (target) => `${file} imports ${target}: import its package by name, or list it here with a reason`,
        );
    });
    expect(unlisted).toEqual([]);
  });

  it('list only imports that exist', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, { imports }]) => {
      let found: string[];
      try {
        found = crossPackageImports(file, readFileSync(join(ROOT, file), 'utf8'));
      } catch {
        return [`${file} is listed but does not exist`];
      }
      return imports
        .filter((target) => !found.includes(target))
        .map((target) => `${file} no longer imports ${target}`);
    });
    expect(stale).toEqual([]);
  });

  it('finds a relative import into another package, and not one within the package', () => {
    const source =
      "import { a } from '../../server-core/src/sql/workspaces';\nimport { b } from '../src/config';\n";
    expect(crossPackageImports('packages/server/test/x.test.ts', source)).toEqual([
      'packages/server-core/src/sql/workspaces',
    ]);
  });
});
