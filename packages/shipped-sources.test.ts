import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { privateWorkspaces, workspaceManifests } from './package-graph';
import {
  buildEntries,
  harnessNamed,
  outsideImports,
  type PackageSources,
  privateImports,
  readPackage,
  resolveImport,
  unreachedSources,
} from './shipped-sources';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Test support still in the `src/` of a published package, to move out as the server's and the
 * core's did (issue 33, item 3 covered those two). The list is exact: a new file fails the test,
 * and so does a file moved out until it leaves the list.
 */
const NOT_YET_MOVED: Readonly<Record<string, readonly string[]>> = {
  '@wsadmin/contract': ['src/spec-endpoints.ts'],
  '@wsadmin/conformance': ['src/scenarios/round-trip/coverage.ts'],
  '@wsadmin/mock': ['src/test-helpers.ts', 'src/testing/mock-target.ts'],
  '@wsadmin/sdk': ['src/test-helpers.ts'],
};

describe('the src/ of every published package', () => {
  const published = workspaceManifests(root).filter((manifest) => manifest.private !== true);
  const unpublished = privateWorkspaces(root);
  const packages = published.map((manifest) => readPackage(join(root, manifest.folder), manifest.name));
  const cases = packages.map((pkg) => [pkg.name, pkg] as const);

  it('reads all seven, each with its build entries', () => {
    expect(packages.map((pkg) => pkg.name).sort()).toEqual([
      '@wsadmin/conformance',
      '@wsadmin/contract',
      '@wsadmin/mcp',
      '@wsadmin/mock',
      '@wsadmin/sdk',
      '@wsadmin/server',
      '@wsadmin/server-core',
    ]);
    for (const pkg of packages) expect(pkg.entries, pkg.name).not.toEqual([]);
    expect(packages.find((pkg) => pkg.name === '@wsadmin/server')?.entries).toContain('src/bin/start.ts');
  });

  it.each(cases)('%s: has only files that its build or its scripts reach, and tests', (name, pkg) => {
    expect(unreachedSources(pkg)).toEqual(NOT_YET_MOVED[name] ?? []);
  });

  it.each(cases)(
    "%s: names nothing like test support, and ships no import of the harness or of another package's files",
    (name, pkg) => {
      const allowed = (line: string) => (NOT_YET_MOVED[name] ?? []).some((path) => line.startsWith(path));
      expect(harnessNamed([...pkg.files.keys()]).filter((path) => !allowed(path))).toEqual([]);
      expect(privateImports(pkg, unpublished)).toEqual([]);
      expect(outsideImports(pkg).filter((line) => !allowed(line))).toEqual([]);
    },
  );
});

/** A package of the given files (path -> text) with `src/index.ts` as its only entry. */
const fabricated = (files: Record<string, string>, entries = ['src/index.ts']): PackageSources => ({
  name: 'p',
  files: new Map(Object.entries(files)),
  entries,
});

describe('unreachedSources', () => {
  it.each<[string, { given: Record<string, string>; want: string[] }]>([
    [
      'a file only a test imports',
      {
        given: {
          'src/index.ts': "export { a } from './a';",
          'src/a.ts': '',
          'src/a.test.ts': "import { fake } from './fake-store';",
          'src/fake-store.ts': '',
        },
        want: ['src/fake-store.ts'],
      },
    ],
    ['a file nothing imports', { given: { 'src/index.ts': '', 'src/dead.ts': '' }, want: ['src/dead.ts'] }],
    [
      'files reached through others, a folder, a .js specifier, a dynamic import and a URL',
      {
        given: {
          'src/index.ts': "import { b } from './b.js';\nexport * from './c';",
          'src/b.ts': "const d = await import('../src/d');",
          'src/c/index.ts': "new Worker(new URL('./worker.ts', import.meta.url));",
          'src/c/worker.ts': '',
          'src/d.ts': "import 'node:fs';",
        },
        want: [],
      },
    ],
    [
      'a file a script of the package uses (a generator)',
      {
        given: {
          'src/index.ts': '',
          'src/openapi.ts': '',
          'scripts/generate.ts': "import '../src/openapi';",
        },
        want: [],
      },
    ],
    [
      'declaration files, and a test that imports a test',
      {
        given: {
          'src/index.ts': '',
          'src/env.d.ts': '',
          'src/x.test.ts': "import './y.test';",
          'src/y.test.ts': '',
        },
        want: [],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(unreachedSources(fabricated(given))).toEqual(want);
  });

  it('starts only from the build entries: a second entry reaches its own files', () => {
    const files = { 'src/index.ts': '', 'src/bin/start.ts': "import '../run';", 'src/run.ts': '' };
    expect(unreachedSources(fabricated(files))).toEqual(['src/bin/start.ts', 'src/run.ts']);
    expect(unreachedSources(fabricated(files, ['src/index.ts', 'src/bin/start.ts']))).toEqual([]);
  });

  it('resolves only relative specifiers, to files that exist', () => {
    const files = new Map([['src/a/b.ts', '']]);
    expect(resolveImport('src/x.ts', './a/b', files)).toBe('src/a/b.ts');
    expect(resolveImport('src/a/c/d.ts', '../b.js', files)).toBe('src/a/b.ts');
    expect(resolveImport('src/x.ts', './a/gone', files)).toBeUndefined();
    expect(resolveImport('src/x.ts', 'kysely', files)).toBeUndefined();
  });
});

describe('harnessNamed', () => {
  it.each<[string, { given: string[]; want: string[] }]>([
    [
      'harness folders and files under src/',
      {
        given: [
          'src/testing/http-target.ts',
          'src/storage/test/x.ts',
          'src/__tests__/y.ts',
          'src/storage/fake-d1.ts',
          'src/clock-fake.ts',
          'src/test-helpers.ts',
        ],
        want: [
          'src/__tests__/y.ts',
          'src/clock-fake.ts',
          'src/storage/fake-d1.ts',
          'src/storage/test/x.ts',
          'src/test-helpers.ts',
          'src/testing/http-target.ts',
        ],
      },
    ],
    [
      'product names that only look alike, and files outside src/',
      {
        given: [
          'src/test-api.ts',
          'src/scenarios/accounts-fixtures.ts',
          'src/contest.ts',
          'src/faker.ts',
          'test/layers.ts',
          'scripts/testing/x.ts',
        ],
        want: [],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(harnessNamed(given)).toEqual(want);
  });
});

describe('privateImports', () => {
  it('names a file of src/ that imports a private package, but not a test or a name that only starts alike', () => {
    const pkg = fabricated({
      'src/index.ts': "import { x } from '@wsadmin/server-testing/postgres';\nimport '@wsadmin/server';",
      'src/a.ts': "const y = await import('@wsadmin/server-testing');",
      'src/b.ts': "import '@wsadmin/server-testing-other';",
      'src/a.test.ts': "import { z } from '@wsadmin/server-testing/processes';",
    });
    expect(privateImports(pkg, ['@wsadmin/server-testing'])).toEqual([
      'src/a.ts: @wsadmin/server-testing',
      'src/index.ts: @wsadmin/server-testing/postgres',
    ]);
  });
});

describe('outsideImports', () => {
  it('names a relative import out of the package by a file of src/ that ships, not by a test', () => {
    const pkg = fabricated({
      'src/index.ts': "import { a } from './a';\nimport { s } from '../../server-testing/src/postgres';",
      'src/a.ts': "import pkg from '../package.json';",
      'src/deep/b.ts': "import { c } from '../c';",
      'src/a.test.ts': "import { seed } from '../../server-core/conformance/seed-model';",
    });
    expect(outsideImports(pkg)).toEqual(['src/index.ts: ../../server-testing/src/postgres']);
  });
});

describe('buildEntries', () => {
  it('reads the src/ paths of a tsdown config, once each', () => {
    const config = `libraryBuild({ entry: { index: 'src/index.ts', 'bin/start': "src/bin/start.ts" } });
      const again = { index: 'src/index.ts' }; copy: [{ from: 'licenses/x.txt' }]`;
    expect(buildEntries(config)).toEqual(['src/index.ts', 'src/bin/start.ts']);
  });
});
