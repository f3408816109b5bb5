import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { typesOf } from './public-exports';

/**
 * Declaration bytes of each entry of an unpacked package, by entry and condition path
 * (`./playwright` → `import` → 5,893): the entry's file and every declaration file it reaches
 * through relative imports, so types moved into a shared chunk still count.
 */
export type DeclarationSizes = Record<string, Record<string, number>>;

interface Manifest {
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readManifest = (directory: string) =>
  JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest;

/**
 * The module specifiers a declaration file imports or re-exports, `import("…")` types included;
 * not the ones its comments show (`@example` blocks).
 */
export function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...code.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*["']([^"']+)["']/gm),
    ...code.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] ?? '');
  return [...new Set(found)];
}

/** `./chunk.mjs` as the declaration file it stands for (`./chunk.d.mts`). */
function declarationOf(importer: string, specifier: string): string {
  const path = join(dirname(importer), specifier);
  const candidates = [
    path.replace(/\.mjs$/, '.d.mts'),
    path.replace(/\.cjs$/, '.d.cts'),
    path.replace(/\.js$/, '.d.ts'),
    path,
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${importer} imports ${specifier}: no declaration file for it`);
  return found;
}

/** A declaration file and every one it reaches through relative imports. */
export function declarationClosure(file: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of specifiersOf(readFileSync(path, 'utf8')))
      if (specifier.startsWith('.')) visit(declarationOf(path, specifier));
  };
  visit(file);
  return [...seen].sort();
}

/** The declaration bytes of each entry of the package unpacked in `directory`. */
export function declarationSizes(directory: string): DeclarationSizes {
  const sizes: DeclarationSizes = {};
  for (const [entry, target] of Object.entries(readManifest(directory).exports)) {
    const flavours = typesOf(target).map(([condition, file]) => [
      condition,
      declarationClosure(join(directory, file)).reduce((sum, path) => sum + statSync(path).size, 0),
    ]);
    if (flavours.length > 0) sizes[entry] = Object.fromEntries(flavours);
  }
  return sizes;
}

/** The package a bare specifier names: `@playwright/test` of `@playwright/test/reporter`. */
export function packageOf(specifier: string): string {
  const [first = '', second] = specifier.split('/');
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

/** Every declaration file of an unpacked package, relative to it. */
function declarationFiles(directory: string, under = 'dist'): string[] {
  return readdirSync(join(directory, under), { withFileTypes: true }).flatMap((entry) => {
    const path = `${under}/${entry.name}`;
    if (entry.isDirectory()) return declarationFiles(directory, path);
    return /\.d\.[cm]?ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * What the declarations of the package unpacked in `directory` import that its consumer may not
 * have: a package neither a dependency nor a peer dependency (nor one whose `@types/` package is a
 * dependency), and any file copied from `node_modules` (the bundler names it in a `//#region`
 * comment). One line per finding, `file: problem`. Node's built-ins are allowed.
 */
export function undeclaredTypeImports(directory: string): string[] {
  const manifest = readManifest(directory);
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const typesPackage = (name: string) =>
    `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
  const problems: string[] = [];
  for (const file of declarationFiles(directory)) {
    const text = readFileSync(join(directory, file), 'utf8');
    for (const specifier of specifiersOf(text)) {
      if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
      const name = packageOf(specifier);
      if (!declared.has(name) && !declared.has(typesPackage(name)))
        problems.push(`${file}: imports ${specifier}, which is not a dependency or peer dependency`);
    }
    for (const match of text.matchAll(/^\/\/#region (\S*node_modules\/\S+)/gm))
      problems.push(`${file}: carries a copy of ${match[1]}`);
  }
  return problems;
}

/** How far above its measured size an entry's declarations may grow before the test fails. */
export const DECLARATION_HEADROOM = 0.25;

/** A limit for a measured size: the headroom added, rounded up to the next kB. */
export const limitFor = (bytes: number) => Math.ceil((bytes * (1 + DECLARATION_HEADROOM)) / 1000) * 1000;

/** Each entry over its limit, or without one: `entry condition: problem`. */
export function oversizedDeclarations(measured: DeclarationSizes, limits: DeclarationSizes): string[] {
  return Object.entries(measured).flatMap(([entry, conditions]) =>
    Object.entries(conditions).flatMap(([condition, bytes]) => {
      const limit = limits[entry]?.[condition];
      if (limit === undefined) return [`${entry} ${condition}: ${bytes} bytes, no limit set`];
      return bytes > limit ? [`${entry} ${condition}: ${bytes} bytes, over its limit of ${limit}`] : [];
    }),
  );
}
