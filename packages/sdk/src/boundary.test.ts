import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

// The SDK's integration tests (integration/sdk) import the reference server; the SDK itself must
// not (it runs in browsers).
it('keeps the server out of what the SDK entry imports', async () => {
  const result = await build({
    stdin: {
      contents: "export * from './src/index.ts';",
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'entry.ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['@wsadmin/source'],
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'error',
  });
  // Paths relative to packages/sdk: only its own runtime files, openapi-fetch, and the route table,
  // request builder, route matcher, envelope reader and operationId check (with its error) of the
  // contract (`@wsadmin/contract/routes`: plain data, no zod).
  const inputs = Object.keys(result.metafile.inputs).filter((path) => path !== 'entry.ts');
  expect(inputs).toContain('src/index.ts');
  expect(inputs).toContain('../../contract/src/generated/route-table.ts');
  const foreign = inputs.filter(
    (path) =>
      !path.startsWith('src/') &&
      !/^(\.\.\/\.\.\/)?node_modules\/openapi-fetch\//.test(path) &&
      path !== '../../contract/src/route-table.ts' &&
      path !== '../../contract/src/route-matcher.ts' &&
      path !== '../../contract/src/wire-envelope.ts' &&
      path !== '../../contract/src/operation-ids-check.ts' &&
      path !== '../../contract/src/route-error.ts' &&
      path !== '../../contract/src/generated/route-table.ts',
  );
  expect(foreign).toEqual([]);
});

// In this file, not in raw.test.ts: esbuild runs as a process of its own (the system tier).
it('keeps openapi-fetch out of the chunk an app loads for createClient', async () => {
  const result = await build({
    stdin: { contents: "export { createClient } from './src/index.ts';", resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['@wsadmin/source'],
    splitting: true,
    outdir: 'bundle',
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'error',
  });
  const fromOpenapiFetch = (inputs: object) =>
    Object.keys(inputs).some((path) => path.includes('node_modules/openapi-fetch/'));
  const outputs = Object.values(result.metafile.outputs);
  // A chunk loaded by a dynamic import names the imported file as its entry point; the app's is stdin.
  const entry = outputs.find((output) => output.entryPoint === '<stdin>');
  expect(entry && fromOpenapiFetch(entry.inputs)).toBe(false);
  expect(outputs.filter((output) => output !== entry && fromOpenapiFetch(output.inputs))).toHaveLength(1);
});
