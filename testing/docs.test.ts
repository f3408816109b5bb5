import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, codeBlockUnder, lineMissingFrom, relativeLinksOf, slugOf } from './markdown';
import { folderTree, linkProblem, linksOf, repositoryWebUrl } from './markdown-links';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The Markdown files whose links must hold: the READMEs and everything under docs/. */
function documents(): string[] {
  const packages = readdirSync(join(ROOT, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => existsSync(join(ROOT, path)));
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path}`);
  return ['README.md', 'contract/README.md', 'examples/README.md', ...packages, ...docs];
}

/** Each link that does not reach an existing file, or a heading of it: `file:line target`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const link of relativeLinksOf(read(file))) {
    const target = link.path === '' ? join(ROOT, file) : join(ROOT, dirname(file), link.path);
    const shown = `${file}:${link.line} ${link.path}${link.anchor === undefined ? '' : `#${link.anchor}`}`;
    if (!existsSync(target)) broken.push(`${shown} (no such file)`);
    else if (link.anchor !== undefined && statSync(target).isFile() && target.endsWith('.md')) {
      if (!anchorsOf(readFileSync(target, 'utf8')).has(link.anchor))
        broken.push(`${shown} (no such heading in ${relative(ROOT, target)})`);
    }
  }
  return broken;
}

describe('the Markdown reader of this test', () => {
  it("makes GitHub's anchors", () => {
    expect(slugOf('Processes, connections and workers (`npm run bench`)')).toBe(
      'processes-connections-and-workers-npm-run-bench',
    );
    expect([...anchorsOf('# A\n## Notes\n```sh\n# not a heading\n```\n### Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
    ]);
  });

  it('finds relative links outside code, with their anchors', () => {
    const markdown =
      'See [a](a.md#part), [web](https://x.example) and [here](#top).\n`[no](b.md)`\n```\n[no](c.md)\n```\n';
    expect(relativeLinksOf(markdown)).toEqual([
      { line: 1, path: 'a.md', anchor: 'part' },
      { line: 1, path: '', anchor: 'top' },
    ]);
  });

  it('tells an excerpt from code that was changed', () => {
    const source = 'const client = createClient({\n  baseUrl,\n  key,\n});\nawait client.run();\n';
    expect(
      lineMissingFrom(
        'const client = createClient({ baseUrl, key }); // a comment\nawait client.run();',
        source,
      ),
    ).toBeUndefined();
    expect(
      lineMissingFrom('await client.run();\nconst client = createClient({ baseUrl, key });', source),
    ).toBe('const client = createClient({ baseUrl, key });');
    expect(lineMissingFrom('await client.walk();', source)).toBe('await client.walk();');
    const imports = "import { a, b } from 'm';\nimport { c } from 'n';\n";
    expect(lineMissingFrom("import { b } from 'm';", imports)).toBeUndefined();
    expect(lineMissingFrom("import { c } from 'm';", imports)).toBe("import { c } from 'm';");
  });
});

describe('the docs', () => {
  it.each(documents())('%s: every relative link reaches a file and its heading', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  // Packed READMEs link to the repository for what the tarball lacks; the consumer tier checks them
  // from the tarballs, this at once from the checkout.
  const repositoryUrl = repositoryWebUrl(
    (JSON.parse(read('contract/package.json')) as { repository: { url: string } }).repository.url,
  );
  it.each(documents())('%s: every link to the repository reaches a file here and its heading', (file) => {
    const places = { packageFiles: folderTree(ROOT), repositoryUrl, repositoryFiles: folderTree(ROOT) };
    const broken = linksOf(read(file))
      .filter(({ target }) => target.startsWith(repositoryUrl))
      .flatMap(({ line, target }) => {
        const problem = linkProblem(file, target, places);
        return problem === undefined ? [] : [`${file}:${line} ${target} (${problem})`];
      });
    expect(broken).toEqual([]);
  });

  it('keep the root README short: at most 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(151);
  });

  // The examples themselves run in their own tests; these hold the READMEs to them.
  it.each([
    ['README.md', '## SDK', 'examples/node-quickstart/quickstart.ts'],
    ['README.md', '## Use the mock in your tests', 'examples/vitest/workspaces.test.ts'],
  ])('%s, "%s": the example is an excerpt of %s, which a test runs', (file, heading, example) => {
    expect(lineMissingFrom(codeBlockUnder(read(file), heading, 'ts'), read(example))).toBeUndefined();
  });
});
