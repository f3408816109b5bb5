/**
 * Bundle-size budget: bundles the SDK entry (openapi-fetch included) and openapi-fetch alone with
 * esbuild (minified ESM, platform neutral), gzips both and prints the sizes and their ratio.
 * Target: the SDK bundle is at most 2x openapi-fetch alone. Run with `npm run bench -w @wsadmin/sdk`.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

async function measure(contents: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

// Everything the package exports, so nothing is tree-shaken away.
const sdk = await measure("export * from './src/index.ts';");
const openapiFetch = await measure("export { default } from 'openapi-fetch';");
const ratio = sdk.gzip / openapiFetch.gzip;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

console.log(`openapi-fetch alone : ${kb(openapiFetch.min)} min, ${kb(openapiFetch.gzip)} gzip`);
console.log(`@wsadmin/sdk (all)  : ${kb(sdk.min)} min, ${kb(sdk.gzip)} gzip`);
console.log(`SDK's own code      : ${kb(sdk.gzip - openapiFetch.gzip)} gzip (approx.)`);
console.log(`ratio               : ${ratio.toFixed(2)}x (target <= 2.00x) ${ratio <= 2 ? 'OK' : 'OVER BUDGET'}`);
if (ratio > 2) process.exitCode = 1;
