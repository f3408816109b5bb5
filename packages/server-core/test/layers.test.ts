import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkImportGraph,
  checkNoSql,
  fileCycles,
  type ImportGraph,
  importsOf,
  LAYERS,
  NO_FILE_CYCLES_IN,
  placementOf,
} from './layers';

/** The shipped sources; this test and its checker sit beside them in test/. */
const SRC = join(import.meta.dirname, '..', 'src');

/** Every non-test .ts file of src/, as `/`-separated paths relative to src/. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => relative(SRC, join(SRC, path)).split(sep).join('/'))
    .sort();
}

describe('the layers of server-core/src', () => {
  const files = sourceFiles();
  const sources = new Map(files.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));
  const exists = (path: string) => sources.has(path);

  it('has only imports that point down and no cycle between folders', () => {
    const graph: ImportGraph = new Map(
      [...sources].map(([file, source]) => [file, importsOf(file, source, exists)]),
    );
    expect(checkImportGraph(graph)).toEqual([]);
    // The walk found the real code, not an empty folder that trivially passes.
    expect(graph.get('handlers/management.ts')).toContain('management/plan.ts');
  });

  it('has no import cycle between the files of storage/', () => {
    const graph: ImportGraph = new Map(
      [...sources].map(([file, source]) => [file, importsOf(file, source, exists)]),
    );
    expect(NO_FILE_CYCLES_IN.flatMap((folder) => fileCycles(graph, folder))).toEqual([]);
    // The port stands alone: the opener, the migrations and the quick reads import it, not it them.
    expect(graph.get('storage/open-storage.ts')).toContain('storage/storage.ts');
    expect(graph.get('storage/storage.ts')).not.toContain('storage/migrations.ts');
  });

  it('is the chain of layers docs/repository.md gives, in order', () => {
    const guide = readFileSync(join(SRC, '..', '..', '..', 'docs', 'repository.md'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    const chain = LAYERS.map(
      ({ name, holds }) => `${name} (${holds.map((held) => `\`${held}\``).join(', ')})`,
    );
    expect(guide).toContain(`lowest first, as \`test/layers.ts\` lists them: ${chain.join(' → ')}.`);
  });

  it('has no SQL in handlers/, http/ or app.ts', () => {
    expect([...sources].flatMap(([file, source]) => checkNoSql(file, source) ?? [])).toEqual([]);
  });
});

describe('the layer checker', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('names a cycle between the files of one folder, and passes one that points one way', () => {
    const circle = graphOf({
      'storage/a.ts': ['storage/b.ts'],
      'storage/b.ts': ['storage/a.ts', 'errors.ts'],
    });
    expect(fileCycles(circle, 'storage/')).toEqual([
      'import cycle between files of storage/: storage/a.ts -> storage/b.ts -> storage/a.ts',
    ]);
    expect(fileCycles(graphOf({ 'storage/a.ts': ['storage/b.ts'], 'storage/b.ts': [] }), 'storage/')).toEqual(
      [],
    );
  });

  it.each<[string, { given: Record<string, string[]>; want: string[] }]>([
    [
      'passes imports that point down',
      {
        given: { 'handlers/a.ts': ['sql/b.ts', 'errors.ts'], 'sql/b.ts': [], 'errors.ts': [] },
        want: [],
      },
    ],
    [
      'passes imports inside one folder in both directions',
      { given: { 'sql/a.ts': ['sql/b.ts'], 'sql/b.ts': ['sql/a.ts'] }, want: [] },
    ],
    [
      'names the file and the import that points up',
      {
        given: { 'sql/a.ts': ['management/b.ts'], 'management/b.ts': [] },
        want: [
          'sql/a.ts (layer sql) imports management/b.ts (layer management), a higher layer: move what it needs down, or the importing code up',
        ],
      },
    ],
    [
      'catches an HTTP helper used by sql/ (the import this rule removed)',
      {
        given: { 'sql/a.ts': ['http/request.ts'], 'http/request.ts': [] },
        want: [
          'sql/a.ts (layer sql) imports http/request.ts (layer http), a higher layer: move what it needs down, or the importing code up',
        ],
      },
    ],
    [
      'names a cycle between two folders of one layer',
      {
        given: { 'auth/a.ts': ['rate-limit/b.ts'], 'rate-limit/b.ts': ['auth/c.ts'], 'auth/c.ts': [] },
        want: ['import cycle between folders: auth/ -> rate-limit/ -> auth/'],
      },
    ],
    [
      'names a cycle between root files of one layer',
      {
        given: { 'errors.ts': ['clock.ts'], 'clock.ts': ['zod-issues.ts'], 'zod-issues.ts': ['errors.ts'] },
        want: ['import cycle between folders: clock.ts -> zod-issues.ts -> errors.ts -> clock.ts'],
      },
    ],
    [
      'places the root index.ts among the entries, above everything it publishes',
      {
        given: {
          'index.ts': ['app.ts', 'http/register-operations.ts'],
          'app.ts': ['http/register-operations.ts'],
          'http/register-operations.ts': [],
        },
        want: [],
      },
    ],
    [
      'refuses a file in no layer',
      {
        given: { 'plugins/a.ts': [] },
        want: ['plugins/a.ts is in no layer: add its folder to LAYERS in layers.ts'],
      },
    ],
    [
      'refuses an import of a file that is not in the graph',
      {
        given: { 'app.ts': ['gone.ts'] },
        want: ['app.ts imports gone.ts, which is not a source file in a layer'],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(checkImportGraph(graphOf(given))).toEqual(want);
  });

  it.each<[string, { given: { file: string; source: string }; want: string | undefined }]>([
    [
      'a handler that builds a query',
      {
        given: { file: 'handlers/a.ts', source: "await db\n  .selectFrom('accounts')" },
        want: 'handlers/a.ts writes SQL (.selectFrom(): move the statement into sql/ and call it',
      },
    ],
    [
      'raw SQL in app.ts',
      {
        given: { file: 'app.ts', source: 'await sql`select 1`.execute(db);' },
        want: 'app.ts writes SQL (sql`): move the statement into sql/ and call it',
      },
    ],
    [
      'a handler that calls sql/',
      { given: { file: 'handlers/a.ts', source: 'await findAccount(db, uid);' }, want: undefined },
    ],
    ['SQL in sql/', { given: { file: 'sql/a.ts', source: "db.deleteFrom('sources')" }, want: undefined }],
  ])('SQL check: %s', (_name, { given, want }) => {
    expect(checkNoSql(given.file, given.source)).toBe(want);
  });

  it.each<[string, { given: { file: string; source: string }; want: string[] }]>([
    [
      'multi-line, type and re-export imports, resolved to files',
      {
        given: {
          file: 'handlers/a.ts',
          source:
            "import {\n  x,\n  y,\n} from '../sql/b';\nimport type { Z } from './c';\nexport { w } from '../errors';\nimport 'hono';",
        },
        want: ['sql/b.ts', 'handlers/c.ts', 'errors.ts'],
      },
    ],
    [
      'a folder import as its index.ts, a dynamic and a side-effect import',
      {
        given: {
          file: 'app.ts',
          source: "import { h } from './handlers';\nconst m = import('./http/b');\nimport './clock';",
        },
        want: ['handlers/index.ts', 'http/b.ts', 'clock.ts'],
      },
    ],
    [
      'an import out of src/ stays unresolved',
      { given: { file: 'app.ts', source: "import x from '../package.json';" }, want: ['../package.json'] },
    ],
  ])('import parsing: %s', (_name, { given, want }) => {
    const known = new Set([
      'sql/b.ts',
      'handlers/c.ts',
      'errors.ts',
      'handlers/index.ts',
      'http/b.ts',
      'clock.ts',
    ]);
    expect(importsOf(given.file, given.source, (path) => known.has(path))).toEqual(want);
  });

  it('places each file in its layer; test code (testing/, scenarios/) has none any more', () => {
    expect(
      ['index.ts', 'rate-limit/x.ts', 'context.ts', 'testing/index.ts', 'scenarios/x.ts', 'nowhere/x.ts'].map(
        (file) => placementOf(file)?.layer,
      ),
    ).toEqual(['entries', 'auth', 'context', undefined, undefined, undefined]);
  });
});
