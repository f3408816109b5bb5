import { describe, expect, it } from 'vitest';
import { brokenLinks, linkProblem, linksOf, listedTree, repositoryWebUrl } from './markdown-links';

const places = {
  packageFiles: listedTree(
    new Map<string, string | undefined>([
      ['README.md', '# Pkg\n## Use it\n'],
      ['dist/index.mjs', undefined],
      ['docs/guide.md', '# Guide\n## Set up\n'],
    ]),
  ),
  repositoryUrl: 'https://github.com/o/r',
  repositoryFiles: listedTree(
    new Map<string, string | undefined>([
      ['docs/releasing.md', '# Releasing\n## Try the packages\n'],
      ['examples/vitest/workspaces.test.ts', undefined],
    ]),
  ),
};

describe('the links of a Markdown file', () => {
  it('are the inline, image, reference and angle links outside code', () => {
    const markdown = [
      'See [a](a.md#part "title"), ![logo](img/logo.png) and <https://example.com/x>.',
      '`[not](code.md)` and plain https://bare.example are no links.',
      '```md',
      '[not](fenced.md)',
      '```',
      '[ref]: https://example.org/ref',
    ].join('\n');
    expect(linksOf(markdown)).toEqual([
      { line: 1, target: 'a.md#part' },
      { line: 1, target: 'img/logo.png' },
      { line: 1, target: 'https://example.com/x' },
      { line: 6, target: 'https://example.org/ref' },
    ]);
  });

  it('read the web address of a package.json repository', () => {
    expect(repositoryWebUrl('git+https://github.com/wsadmin/wsadmin.git')).toBe(
      'https://github.com/wsadmin/wsadmin',
    );
  });
});

describe('where a packed README is read', () => {
  const problem = (target: string) => linkProblem('README.md', target, places);

  it('a relative link reaches a file of the package, and its heading', () => {
    expect(problem('dist/index.mjs')).toBeUndefined();
    expect(problem('docs/guide.md#set-up')).toBeUndefined();
    expect(problem('#use-it')).toBeUndefined();
    expect(problem('docs/')).toBeUndefined();
    expect(problem('#nowhere')).toBe('no heading #nowhere in README.md');
    expect(problem('docs/guide.md#tear-down')).toBe('no heading #tear-down in docs/guide.md');
    expect(problem('CHANGELOG.md')).toMatch(/^no CHANGELOG\.md in the package/);
  });

  it('a relative link out of the package is broken: the registry and node_modules lack the file', () => {
    expect(problem('../../docs/releasing.md')).toMatch(/^leaves the package/);
  });

  it('a repository link names a file of the repository at that path, and its heading', () => {
    expect(problem('https://github.com/o/r/blob/main/docs/releasing.md#try-the-packages')).toBeUndefined();
    expect(problem('https://github.com/o/r/tree/main/examples/vitest')).toBeUndefined();
    expect(problem('https://github.com/o/r')).toBeUndefined();
    expect(problem('https://github.com/o/r/blob/main/docs/gone.md')).toBe(
      'no docs/gone.md in the repository',
    );
    expect(problem('https://github.com/o/r/blob/main/docs/releasing.md#later')).toBe(
      'no heading #later in docs/releasing.md',
    );
    expect(problem('https://github.com/o/r/blob/main/examples/vitest')).toMatch(/is a folder/);
    expect(problem('https://github.com/o/r/docs/releasing.md')).toMatch(/names blob\/<branch>/);
  });

  it('other web links are checked for form only', () => {
    expect(problem('https://mswjs.io')).toBeUndefined();
    expect(problem('https://')).toBe('not a well-formed URL');
    expect(problem('ftp://example.com/x')).toMatch(/scheme/);
    expect(problem('')).toBe('an empty link');
  });

  it('each broken link is named with its line', () => {
    expect(brokenLinks('README.md', '# Pkg\n\nSee [releasing](../docs/releasing.md).\n', places)).toEqual([
      'README.md:3 ../docs/releasing.md (leaves the package: link to the repository instead (not in the tarball))',
    ]);
  });
});
