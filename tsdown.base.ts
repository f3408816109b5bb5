import type { UserConfig } from 'tsdown';
import { shareDeclarations } from './packages/shared-declarations';

/** A package specifier (`msw`, `@playwright/test`, `node:fs`), as opposed to a path. */
const isPackageSpecifier = (id: string) => /^(@[\w.-]+\/)?[\w.-]/.test(id) && !id.startsWith('.');

/**
 * What the build leaves as imports. Besides `extra` (Node's built-ins, Bun's): in the declaration
 * pass, every package but the workspace sources built in. tsdown bundles the types of a package
 * the package.json does not list, the way it bundles its code: a type that TypeScript names by the
 * module defining it (`playwright/test` for `@playwright/test`'s `Expect`) copied megabytes of
 * Playwright into the mock's declarations, and the copy's `Locator` was not the project's. An
 * import of an undeclared package is caught instead by `consumer/declarations.test.ts`.
 */
export function neverBundle(
  extra: RegExp[],
  bundleSources: Record<string, string> = {},
): (id: string, importer: string | undefined) => boolean {
  return (id, importer) =>
    extra.some((pattern) => pattern.test(id)) ||
    ((importer?.endsWith('.d.ts') ?? false) && isPackageSpecifier(id) && !(id in bundleSources));
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/**
 * The build every package shares (see docs/decisions/0006-package-builds.md): ES modules (`.mjs`)
 * and, where a consumer could `require` the package, CommonJS (`.cjs`), each with its declarations
 * (`.d.mts` / `.d.cts`) and source maps that carry their sources (`src/` does not ship).
 * Dependencies stay external.
 */
export function libraryBuild(options: {
  entry: Record<string, string>;
  /** Default: ESM and CommonJS. */
  formats?: ('esm' | 'cjs')[];
  /** Default `neutral`: Node, browsers, Deno, Bun and workers. */
  platform?: 'neutral' | 'node';
  /**
   * Entries of other workspace packages built into the output, code and declarations, from their
   * sources (specifier -> absolute path of the source file): never from a `dist/` that could be
   * stale or not built yet.
   */
  bundleSources?: Record<string, string>;
  /**
   * The declaration chunks both formats share written once, as `.d.cts`, which `.d.mts` files may
   * import (an ES module may import CommonJS; the reverse is refused). Halves the declarations of a
   * package whose types are large (the SDK's generated OpenAPI types); see
   * docs/decisions/0030-sdk-standalone.md.
   */
  sharedDeclarations?: boolean;
}): UserConfig {
  const { bundleSources } = options;
  const formats = options.formats ?? ['esm', 'cjs'];
  // tsdown builds each format on its own and calls `build:done` after each; the declarations are
  // shared once the last one is written.
  let finished = 0;
  return {
    entry: options.entry,
    format: formats,
    platform: options.platform ?? 'neutral',
    target: 'es2022',
    fixedExtension: true,
    dts: bundleSources ? { compilerOptions: { paths: mapValues(bundleSources, (file) => [file]) } } : true,
    ...(bundleSources && { alias: bundleSources }),
    sourcemap: true,
    // `import.meta.url` in the CommonJS output (the mock locates MSW's worker script with it).
    shims: true,
    clean: true,
    // Node built-ins stay imports (only the Node entries use them); dependencies are external anyway.
    deps: { neverBundle: neverBundle([/^node:/], bundleSources) },
    // The repository's tests and typecheck read `src/` through the "@wsadmin/source" condition;
    // the build must not, or it would bundle the other workspace packages' sources.
    tsconfig: '../../tsconfig.build.json',
    logLevel: 'warn',
    // The declaration pass dominates every build; rolldown's timing report only repeats that.
    inputOptions: { checks: { pluginTimings: false } },
    ...(options.sharedDeclarations && {
      hooks: {
        'build:done': ({ options: built }) =>
          ++finished % formats.length === 0
            ? shareDeclarations(built.outDir, Object.keys(options.entry))
            : undefined,
      },
    }),
  };
}
