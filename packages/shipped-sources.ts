import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * What a published package ships is built from its `src/`, so `src/` holds product code and its
 * tests (`*.test.ts`, beside the code) and nothing else (issue 33, item 3). Two checks:
 *
 * - *Reached from what ships or builds.* Every other file of `src/` is imported, directly or
 *   through other files, from an entry of the build (each `'src/….ts'` its tsdown.config.ts names)
 *   or from a script of the package (`scripts/`: the generators). A file that only tests import is
 *   test support (it goes to `test/` beside `src/`, or to the private `@wsadmin/server-testing`);
 *   one that nothing imports is dead.
 * - *Named like product code, and no harness imported.* No folder called `testing`, `test`, `tests`
 *   or `__tests__` and no file called `fake-*`, `*-fake`, `test-helpers*` or `test-utils*` under
 *   `src/`, even when an entry reaches it; and no file of `src/` that is not a test imports a
 *   private workspace package (the harness) or, by relative path, anything outside its package:
 *   the build would bundle that source.
 *
 * Declaration files (`.d.ts`, ambient types) are left out: nothing imports them.
 */

/** The files of one package the checks read: paths relative to the package folder, `/`-separated. */
export interface PackageSources {
  name: string;
  /** Every TypeScript file of `src/` and `scripts/`, with its text. */
  files: ReadonlyMap<string, string>;
  /** The `src/` files the build bundles from (tsdown entries). */
  entries: readonly string[];
}

const TEST = /\.test\.[cm]?tsx?$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const SOURCE = /\.[cm]?tsx?$/;

const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  // A module loaded by its URL (a worker script, a file passed to a child process).
  /\bnew URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g,
];

/** Every module specifier of `source`, relative or not, in order of appearance per kind. */
export function specifiersOf(source: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** `specifier` imported from `file`, as a path of `files`; undefined for packages and unknown paths. */
export function resolveImport(file: string, specifier: string, files: ReadonlyMap<string, string>) {
  if (!specifier.startsWith('.')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(file), specifier));
  const bare = joined.replace(/\.[cm]?js$/, '');
  return [joined, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`].find((path) => files.has(path));
}

/** Files of `src/` (not tests, not declarations) that neither an entry nor a script reaches. */
export function unreachedSources(pkg: PackageSources): string[] {
  const roots = [...pkg.entries, ...[...pkg.files.keys()].filter((path) => path.startsWith('scripts/'))];
  const reached = new Set<string>();
  const queue = roots.filter((path) => pkg.files.has(path) && !TEST.test(path));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of specifiersOf(pkg.files.get(file) ?? '')) {
      const target = resolveImport(file, specifier, pkg.files);
      if (target && !reached.has(target)) queue.push(target);
    }
  }
  return [...pkg.files.keys()]
    .filter((path) => path.startsWith('src/') && !TEST.test(path) && !DECLARATION.test(path))
    .filter((path) => !reached.has(path))
    .sort();
}

const HARNESS_FOLDER = /^(testing|test|tests|__tests__)$/;
const HARNESS_FILE = /^(fake-.*|.*-fake|test-helpers.*|test-utils.*)\.[cm]?tsx?$/;

/** Paths of `src/` named like test support: a harness folder on the way, or a harness file name. */
export function harnessNamed(paths: readonly string[]): string[] {
  return paths
    .filter((path) => path.startsWith('src/'))
    .filter((path) => {
      const parts = path.split('/');
      const name = parts.at(-1) ?? '';
      return parts.slice(1, -1).some((folder) => HARNESS_FOLDER.test(folder)) || HARNESS_FILE.test(name);
    })
    .sort();
}

/** `file: specifier` for each import of a private package by a file of `src/` that ships. */
export function privateImports(pkg: PackageSources, privateNames: readonly string[]): string[] {
  return [...pkg.files]
    .filter(([path]) => path.startsWith('src/') && !TEST.test(path))
    .flatMap(([path, source]) =>
      specifiersOf(source)
        .filter((specifier) =>
          privateNames.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
        )
        .map((specifier) => `${path}: ${specifier}`),
    )
    .sort();
}

/** `file: specifier` for each relative import by a file of `src/` that ships, out of its package. */
export function outsideImports(pkg: PackageSources): string[] {
  return [...pkg.files]
    .filter(([path]) => path.startsWith('src/') && !TEST.test(path))
    .flatMap(([path, source]) =>
      specifiersOf(source)
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => posix.normalize(posix.join(posix.dirname(path), specifier)).startsWith('../'))
        .map((specifier) => `${path}: ${specifier}`),
    )
    .sort();
}

/** The `'src/….ts'` paths a tsdown config names: the entries of the build. */
export function buildEntries(tsdownConfig: string): string[] {
  return [...new Set([...tsdownConfig.matchAll(/['"](src\/[^'"]+\.[cm]?tsx?)['"]/g)].map((m) => m[1] ?? ''))];
}

/** A package folder's sources as the checks read them. */
export function readPackage(folder: string, name: string): PackageSources {
  const files = new Map<string, string>();
  for (const top of ['src', 'scripts']) {
    if (!existsSync(join(folder, top))) continue;
    for (const path of readdirSync(join(folder, top), { recursive: true, encoding: 'utf8' })) {
      const relative = `${top}/${path.split('\\').join('/')}`;
      if (SOURCE.test(relative) && !/(^|\/)(node_modules|dist)\//.test(relative))
        files.set(relative, readFileSync(join(folder, relative), 'utf8'));
    }
  }
  const config = join(folder, 'tsdown.config.ts');
  const entries = existsSync(config) ? buildEntries(readFileSync(config, 'utf8')) : [];
  return { name, files, entries };
}
