import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/repository.md's "## Layout" table held to the tree: every path it names exists, and every
 * top-level folder of the repository and every folder under `packages/` is named. Read with
 * `node:fs`, not `git ls-files`: the unit tier refuses child processes.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders that are not the repository's own: installs, builds, coverage, local data. */
const UNTRACKED = new Set(['node_modules', 'dist', 'coverage', 'data']);

/** What the check needs of a tree: the kind of a path, and the folders the Layout must name. */
interface Tree {
  kindOf(path: string): 'file' | 'folder' | undefined;
  folders: string[];
}

/** One row of the Layout table: the paths of its first cell, the folders named in its other cells. */
interface LayoutRow {
  paths: string[];
  folders: string[];
}

/** The rows of the table under `## Layout` (up to the next `#` or `##` heading). */
function layoutRows(markdown: string): LayoutRow[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf('## Layout');
  if (start < 0) throw new Error('no "## Layout" section');
  const end = lines.findIndex((line, index) => index > start && /^##? /.test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const codeIn = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  return section
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').slice(1, -1))
    .map(([first = '', ...rest]) => ({
      paths: codeIn(first),
      // A folder of a description (`src/sql/`): relative to the row's path, or to the repository.
      folders: rest.flatMap(codeIn).filter((code) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(code)),
    }))
    .filter((row) => row.paths.length > 0);
}

const bare = (path: string) => path.replace(/\/+$/, '');

/** What the Layout gets wrong about the tree, one message each; empty when it holds. */
function layoutProblems(markdown: string, tree: Tree): string[] {
  const problems: string[] = [];
  const rows = layoutRows(markdown);
  const named = rows.flatMap((row) => row.paths).map(bare);
  for (const row of rows) {
    for (const path of row.paths) {
      const kind = tree.kindOf(bare(path));
      if (kind === undefined) problems.push(`\`${path}\` is in the Layout but does not exist`);
      else if (path.endsWith('/') && kind !== 'folder')
        problems.push(`\`${path}\` is in the Layout as a folder but is a file`);
    }
    for (const folder of row.folders) {
      const places = [...row.paths.map((path) => `${bare(path)}/${bare(folder)}`), bare(folder)];
      if (!places.some((place) => tree.kindOf(place) === 'folder'))
        problems.push(`\`${folder}\` (in the row of \`${row.paths.join('`, `')}\`) does not exist`);
    }
  }
  for (const folder of tree.folders) {
    // A folder is named by a row of its own or by a row of something inside it.
    if (!named.some((path) => path === folder || path.startsWith(`${folder}/`)))
      problems.push(`\`${folder}/\` is not in the Layout`);
  }
  return problems;
}

/** The folders the Layout must name: the top-level ones and those under `packages/`. */
function foldersOf(root: string): string[] {
  const folders = (path: string) =>
    readdirSync(join(root, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !UNTRACKED.has(entry.name))
      .map((entry) => (path === '' ? entry.name : `${path}/${entry.name}`))
      .sort();
  return [...folders(''), ...folders('packages')];
}

const disk: Tree = {
  kindOf: (path) => {
    const full = join(ROOT, path);
    if (!existsSync(full)) return undefined;
    return statSync(full).isDirectory() ? 'folder' : 'file';
  },
  folders: foldersOf(ROOT),
};

/** A tree of the given paths (folders end with `/`), its folders all to be named. */
function fabricatedTree(paths: string[]): Tree {
  const folders = paths.filter((path) => path.endsWith('/')).map(bare);
  return {
    kindOf: (path) => (folders.includes(path) ? 'folder' : paths.includes(path) ? 'file' : undefined),
    folders: folders.filter((path) => !path.includes('/') || /^packages\/[^/]+$/.test(path)),
  };
}

const layout = (...rows: string[]) =>
  ['# Repo', '', '## Layout', '', '| Path | What |', '|---|---|', ...rows, '', '## Next', '| `x/` | |'].join(
    '\n',
  );

describe('the Layout check', () => {
  const tree = fabricatedTree(['packages/', 'packages/mock/', 'packages/mock/src/', 'docs/', 'docs/a.md']);

  it.each([
    ['a Layout that holds', layout('| `packages/mock/` | the mock, `src/` |', '| `docs/` | |'), []],
    [
      'a folder named that does not exist',
      layout('| `packages/mock/` | |', '| `packages/gone/` | |', '| `docs/` | |'),
      ['`packages/gone/` is in the Layout but does not exist'],
    ],
    [
      'a folder of the tree that is not named',
      layout('| `packages/mock/` | |'),
      ['`docs/` is not in the Layout'],
    ],
    [
      'a package folder that is not named, while its parent is',
      layout('| `packages/` | |', '| `docs/a.md` | |'),
      ['`packages/mock/` is not in the Layout'],
    ],
    [
      'a file named as a folder, and a description naming a folder that does not exist',
      layout('| `packages/mock/` | `lib/` |', '| `docs/a.md/` | |'),
      [
        '`docs/a.md/` is in the Layout as a folder but is a file',
        '`lib/` (in the row of `packages/mock/`) does not exist',
      ],
    ],
  ])('%s', (_name, markdown, problems) => {
    expect(layoutProblems(markdown, tree).sort()).toEqual([...problems].sort());
  });

  it('reads only the Layout section, first cells as paths', () => {
    expect(layoutRows(layout('| `a/`, `b.md` | `c/`, `npm start`, `@x/y` |'))).toEqual([
      { paths: ['a/', 'b.md'], folders: ['c/'] },
    ]);
  });
});

describe('docs/repository.md, "## Layout"', () => {
  it('names every top-level folder and every package, and only paths that exist', () => {
    expect(disk.folders).toContain('packages/conformance');
    expect(layoutProblems(readFileSync(join(ROOT, 'docs/repository.md'), 'utf8'), disk)).toEqual([]);
  });
});
