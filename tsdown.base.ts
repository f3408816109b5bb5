import type { UserConfig } from 'tsdown';

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
}): UserConfig {
  return {
    entry: options.entry,
    format: options.formats ?? ['esm', 'cjs'],
    platform: options.platform ?? 'neutral',
    target: 'es2022',
    fixedExtension: true,
    dts: true,
    sourcemap: true,
    // `import.meta.url` in the CommonJS output (the mock locates MSW's worker script with it).
    shims: true,
    clean: true,
    // Node built-ins stay imports (only the Node entries use them); dependencies are external anyway.
    deps: { neverBundle: [/^node:/] },
    // The repository's tests and typecheck read `src/` through the "@wsadmin/source" condition;
    // the build must not, or it would bundle the other workspace packages' sources.
    tsconfig: '../../tsconfig.build.json',
    logLevel: 'warn',
    // The declaration pass dominates every build; rolldown's timing report only repeats that.
    inputOptions: { checks: { pluginTimings: false } },
  };
}
