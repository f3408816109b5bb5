import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What users read carries no internal issue numbers (they mean nothing outside the tracker): the
 * READMEs, the documents of docs/ written for users, and the comments of the sources that ship.
 * Contributor documents (decision records, the history of figures, the repository guide) may cite
 * them. Nor does the root hold stray output (`out.txt` with `rc=1` once was committed there).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** An issue of this repository's tracker: `issue 41`, `issues 12 and 24`, `issue #41`, `(#41)`. */
const ISSUE_NUMBER = /\bissues? #?\d+|\bissue #|\(#\d+\)/i;

/** docs/ written for users (docs/README.md: who should read what); the others are for contributors. */
const USER_DOCS = [
  'docs/README.md',
  'docs/spec-gaps.md',
  'docs/runtimes.md',
  'docs/reliability.md',
  'docs/performance.md',
];

/** Output of a command left at the root by hand: text, logs, `out.*`. */
const STRAY = /^(out\..*|.*\.(txt|log|out))$/;

const packageFolders = readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}`);

function userDocuments(): string[] {
  const readmes = ['.', 'contract', 'examples', ...packageFolders].map((folder) => `${folder}/README.md`);
  return [...readmes, ...USER_DOCS].filter((path) => existsSync(join(ROOT, path)));
}

/** The non-test sources of every published package (the contract's and each non-private one's). */
function shippedSources(): string[] {
  const published = ['contract', ...packageFolders].filter((folder) => {
    const manifest = join(ROOT, folder, 'package.json');
    return (
      existsSync(manifest) && !(JSON.parse(readFileSync(manifest, 'utf8')) as { private?: boolean }).private
    );
  });
  return published.flatMap((folder) =>
    readdirSync(join(ROOT, folder, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|tsx|js|mjs)$/.test(path) && !/\.test\.tsx?$/.test(path))
      .map((path) => `${folder}/src/${path}`),
  );
}

/** `file:line: text` of each line citing an issue number. */
function citations(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (ISSUE_NUMBER.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('internal issue numbers', () => {
  it.each([
    ['names one', 'the mock (issue 41) restores', true],
    ['names several', 'The read path (issues 12 and 24)', true],
    ['names one with #', 'see issue #7', true],
    ['cites a pull request', 'fixed (#123)', true],
    ['leaves a numbered request of the journal', '#3 POST /openapi/v1/workspaces/', false],
    ['leaves a decision record', 'decision 0019', false],
  ])('the pattern %s', (_name, line, cites) => {
    expect(ISSUE_NUMBER.test(line)).toBe(cites);
  });

  it('are cited in no README and no document for users', () => {
    const files = userDocuments();
    expect(files).toContain('packages/server/README.md');
    expect(citations(files)).toEqual([]);
  });

  it('are cited in no source that ships', () => {
    const files = shippedSources();
    expect(files).toContain('packages/server-core/src/app.ts');
    expect(files.some((file) => file.startsWith('packages/server-testing/'))).toBe(false);
    expect(citations(files)).toEqual([]);
  });
});

describe('the root of the repository', () => {
  it('holds no stray output of a command', () => {
    const files = readdirSync(ROOT).filter((name) => statSync(join(ROOT, name)).isFile());
    expect(files).toContain('package.json');
    expect(files.filter((name) => STRAY.test(name))).toEqual([]);
  });

  it.each([
    ['out.txt', true],
    ['build.log', true],
    ['out.json', true],
    ['README.md', false],
    ['package-lock.json', false],
  ])('counts %s as stray: %s', (name, stray) => {
    expect(STRAY.test(name)).toBe(stray);
  });
});
