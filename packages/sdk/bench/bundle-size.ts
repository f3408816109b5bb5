/**
 * Bundle-size budget: bundles the SDK entry and openapi-fetch alone with esbuild (minified ESM,
 * platform neutral, code splitting on, as an app's bundler does), gzips them and prints the sizes
 * and their ratio. What an app loads at start is the entry chunk; `client.raw` imports openapi-fetch
 * on first use, which bundlers put in a chunk of its own (printed as "lazy"). Target: the
 * `createClient` entry chunk is at most 2x openapi-fetch alone. Also reports the
 * `@wsadmin/sdk/query` entry with its peer `@tanstack/query-core` external. Run with
 * `npm run bench -w @wsadmin/sdk` (add `-- --check` to exit non-zero above the target).
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Size {
  min: number;
  gzip: number;
  /** Chunks loaded only on first use (dynamic imports), together. */
  lazy: { min: number; gzip: number };
}

async function measure(contents: string, external: string[] = []): Promise<Size> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // The workspace packages it imports (the contract's route table) from their sources, as tests do.
    conditions: ['@wsadmin/source'],
    write: false,
    splitting: true,
    outdir: 'bundle',
    metafile: true,
    // Paths in the metafile relative to the package, wherever the bench is started from.
    absWorkingDir: root,
    external,
    logLevel: 'error',
  });
  // A chunk loaded by a dynamic import names the imported file as its entry point; the app's is ours.
  const entry = Object.entries(result.metafile.outputs).find(
    ([, output]) => output.entryPoint === 'entry.ts',
  )?.[0];
  const sizes = { min: 0, gzip: 0, lazy: { min: 0, gzip: 0 } };
  for (const file of result.outputFiles) {
    const into = file.path.endsWith(`/${entry}`) ? sizes : sizes.lazy;
    into.min += file.contents.byteLength;
    into.gzip += gzipSync(file.contents, { level: 9 }).byteLength;
  }
  return sizes;
}

// Everything the package exports, so nothing is tree-shaken away; and what `createClient` alone pulls in.
const sdk = await measure("export * from './src/index.ts';");
const clientOnly = await measure("export { createClient } from './src/index.ts';");
const openapiFetch = await measure("export { default } from 'openapi-fetch';");
// The TanStack Query entry, its peer @tanstack/query-core left out (the app has it already).
const queryEntry = await measure("export * from './src/tanstack-query/index.ts';", ['@tanstack/query-core']);
const withQuery = await measure(
  "export * from './src/index.ts'; export * from './src/tanstack-query/index.ts';",
  ['@tanstack/query-core'],
);
const ratio = clientOnly.gzip / openapiFetch.gzip;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
const row = (label: string, size: Size) =>
  console.log(
    `${label.padEnd(38)} ${kb(size.min).padStart(10)} min ${kb(size.gzip).padStart(10)} gzip${
      size.lazy.min ? `  + lazy ${kb(size.lazy.gzip)} gzip` : ''
    }`,
  );

row('openapi-fetch alone', openapiFetch);
row('@wsadmin/sdk, every export', sdk);
row('@wsadmin/sdk, createClient only', clientOnly);
row('@wsadmin/sdk/query (query-core peer)', queryEntry);
row('@wsadmin/sdk + /query, every export', withQuery);
// openapi-fetch is only in the lazy chunk now: the entry chunk is the SDK's own code (and the route table).
console.log(`SDK's own code (every export)          ${kb(sdk.gzip).padStart(25)} gzip`);
console.log(`/query adds to the SDK                  ${kb(withQuery.gzip - sdk.gzip).padStart(25)} gzip`);
console.log(
  `ratio ${ratio.toFixed(2)}x openapi-fetch alone, createClient entry (target <= 2.00x): ${ratio <= 2 ? 'OK' : 'OVER TARGET'}`,
);
console.log(`every export: ${(sdk.gzip / openapiFetch.gzip).toFixed(2)}x openapi-fetch alone`);
// `--check` turns the target into a failing exit code (for CI).
if (process.argv.includes('--check') && ratio > 2) process.exitCode = 1;
