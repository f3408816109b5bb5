// The checks of consumer/declarations.ts on fabricated packages; declarations.test.ts runs them on
// the packed tarballs.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  declarationClosure,
  declarationSizes,
  limitFor,
  oversizedDeclarations,
  specifiersOf,
  undeclaredTypeImports,
} from './declarations';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-declaration-checks-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the declaration checks', () => {
  const fabricated = (files: Record<string, string>) => {
    const directory = mkdtempSync(join(root, 'fabricated-'));
    mkdirSync(join(directory, 'dist'));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(directory, path), text);
    return directory;
  };
  const manifest = (extra: object) =>
    JSON.stringify({
      name: 'p',
      exports: { '.': { import: { types: './dist/index.d.mts', default: './dist/index.mjs' } } },
      ...extra,
    });

  it('read the specifiers of imports, re-exports and import types, not those of comments', () => {
    const text = [
      'import { a as A } from "./chunk-x.mjs";',
      'import * as z from "zod";',
      'export * from "./more.mjs";',
      '/**',
      " * @example import { test } from '@wsadmin/mock/playwright';",
      " * type P = import('@playwright/test').Page;",
      ' */',
      'export { A };',
      'declare const b: import("msw").HttpHandler;',
    ].join('\n');
    expect(specifiersOf(text).sort()).toEqual(['./chunk-x.mjs', './more.mjs', 'msw', 'zod']);
  });

  it('find an undeclared package, a copy of node_modules, and accept dependencies, peers, @types and built-ins', () => {
    const directory = fabricated({
      'package.json': manifest({
        dependencies: { zod: '4', '@types/har-format': '1' },
        peerDependencies: { '@playwright/test': '1' },
      }),
      'dist/index.d.mts': [
        'import { Expect } from "@playwright/test";',
        'import { Entry } from "har-format";',
        'import { z } from "zod";',
        'import { Readable } from "node:stream";',
        'import * as test from "playwright/test";',
        '//#region ../../node_modules/playwright-core/types/types.d.ts',
        'interface Locator {}',
        '//#endregion',
      ].join('\n'),
    });
    expect(undeclaredTypeImports(directory)).toEqual([
      'dist/index.d.mts: imports playwright/test, which is not a dependency or peer dependency',
      'dist/index.d.mts: carries a copy of ../../node_modules/playwright-core/types/types.d.ts',
    ]);
  });

  it("count an entry's chunks with it, and fail an entry over its limit or without one", () => {
    const directory = fabricated({
      'package.json': manifest({}),
      'dist/index.d.mts': 'import { t as T } from "./chunk.mjs";\nexport { T };\n',
      'dist/chunk.d.mts': `interface T { text: "${'x'.repeat(2000)}" }\nexport { T as t };\n`,
    });
    expect(declarationClosure(join(directory, 'dist', 'index.d.mts')).map((path) => basename(path))).toEqual([
      'chunk.d.mts',
      'index.d.mts',
    ]);
    const sizes = declarationSizes(directory);
    const bytes = sizes['.']?.import ?? 0;
    expect(bytes).toBeGreaterThan(2000);
    expect(oversizedDeclarations(sizes, { '.': { import: limitFor(bytes) } })).toEqual([]);
    expect(oversizedDeclarations(sizes, { '.': { import: 1000 } })).toEqual([
      `. import: ${bytes} bytes, over its limit of 1000`,
    ]);
    expect(oversizedDeclarations(sizes, {})).toEqual([`. import: ${bytes} bytes, no limit set`]);
  });
});
