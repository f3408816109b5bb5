import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

// A Node backend compiles with lib ES2022 and no DOM: the SDK must not lean on DOM-only globals
// (`globalThis.location` is TS7017 there). Globals come from @types/node, as in such a backend.
const FILES = [
  'client.ts',
  'auth-data.ts',
  'transport.ts',
  'network-cause.ts',
  'call.ts',
  'safe.ts',
  'paging.ts',
  'errors.ts',
];
const paths = FILES.map((file) => fileURLToPath(new URL(file, import.meta.url)));

let program: ts.Program | undefined;
const compiled = () =>
  (program ??= ts.createProgram(paths, {
    lib: ['lib.es2022.d.ts'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@wsadmin/source'],
    skipLibCheck: true,
  }));

it.each(FILES)('%s compiles with lib ES2022 and @types/node, without DOM', (file) => {
  const path = paths[FILES.indexOf(file)] ?? '';
  const source = compiled().getSourceFile(path);
  const errors = ts
    .getPreEmitDiagnostics(compiled(), source)
    .filter((diagnostic) => diagnostic.file === source)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(errors).toEqual([]);
});
