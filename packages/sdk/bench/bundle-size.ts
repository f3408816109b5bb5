/**
 * Bundle-size budget: bundles the SDK entry (openapi-fetch included) and openapi-fetch alone with
 * esbuild (minified ESM, platform neutral), gzips both and prints the sizes and their ratio.
 * Target: the SDK bundle is at most 2x openapi-fetch alone. Also reports the `@wsadmin/sdk/query`
 * entry with its peer `@tanstack/query-core` external. Run with `npm run bench -w @wsadmin/sdk`
 * (add `-- --check` to exit non-zero above the target).
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

async function measure(contents: string, external: string[] = []): Promise<{ min: number; gzip: number }> {
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
    external,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
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
const ratio = sdk.gzip / openapiFetch.gzip;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
const row = (label: string, size: { min: number; gzip: number }) =>
  console.log(`${label.padEnd(38)} ${kb(size.min).padStart(10)} min ${kb(size.gzip).padStart(10)} gzip`);

row('openapi-fetch alone', openapiFetch);
row('@wsadmin/sdk, every export', sdk);
row('@wsadmin/sdk, createClient only', clientOnly);
row('@wsadmin/sdk/query (query-core peer)', queryEntry);
row('@wsadmin/sdk + /query, every export', withQuery);
console.log(`SDK's own code (every export)          ${kb(sdk.gzip - openapiFetch.gzip).padStart(25)} gzip`);
console.log(`/query adds to the SDK                  ${kb(withQuery.gzip - sdk.gzip).padStart(25)} gzip`);
console.log(
  `ratio ${ratio.toFixed(2)}x openapi-fetch alone (target <= 2.00x): ${ratio <= 2 ? 'OK' : 'OVER TARGET'}`,
);
// `--check` turns the target into a failing exit code (for CI).
if (process.argv.includes('--check') && ratio > 2) process.exitCode = 1;
