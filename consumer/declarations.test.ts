/**
 * The declarations of each packed package import their peers' types instead of carrying copies
 * (issue 42: a 2.3 MB copy of Playwright's types in `@wsadmin/mock/playwright` whose `Locator` was
 * not the project's), and each entry's declarations stay under the size committed in
 * `consumer/declaration-sizes.json`, set from measurement with headroom. After an intended change
 * of size, write the limits anew from the packed tarballs:
 *   WSADMIN_WRITE_DECLARATION_SIZES=1 npx vitest run --project consumer consumer/declarations.test.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeclarationSizes,
  declarationClosure,
  declarationSizes,
  limitFor,
  oversizedDeclarations,
  specifiersOf,
  undeclaredTypeImports,
} from './declarations';
import { PACKAGES, type PackageName, REPO_ROOT, run } from './harness';
import { sharedTarballs } from './packs';

const LIMITS = join(REPO_ROOT, 'consumer', 'declaration-sizes.json');
const root = mkdtempSync(join(tmpdir(), 'wsadmin-declarations-'));
const unpacked = (name: PackageName) => join(root, name.replace('/', '+'));
const measured: Partial<Record<PackageName, DeclarationSizes>> = {};

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  for (const name of PACKAGES) {
    mkdirSync(unpacked(name), { recursive: true });
    await run('tar', ['-xzf', tarballs[name], '-C', unpacked(name), '--strip-components=1'], { cwd: root });
    measured[name] = declarationSizes(unpacked(name));
  }
  if (process.env.WSADMIN_WRITE_DECLARATION_SIZES) {
    const limits = Object.fromEntries(
      Object.entries(measured).map(([name, entries]) => [
        name,
        Object.fromEntries(
          Object.entries(entries).map(([entry, conditions]) => [
            entry,
            Object.fromEntries(
              Object.entries(conditions).map(([condition, bytes]) => [condition, limitFor(bytes)]),
            ),
          ]),
        ),
      ]),
    );
    writeFileSync(LIMITS, `${JSON.stringify(limits, null, 2)}\n`);
  }
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe('the declarations of each packed package', () => {
  const limits = JSON.parse(readFileSync(LIMITS, 'utf8')) as Record<PackageName, DeclarationSizes>;

  it.each(PACKAGES)(
    '%s: import only its dependencies and peers, and copy no file of node_modules',
    (name) => {
      expect(undeclaredTypeImports(unpacked(name))).toEqual([]);
    },
  );

  it.each(PACKAGES)('%s: each entry stays under its size in consumer/declaration-sizes.json', (name) => {
    const sizes = measured[name] ?? {};
    console.info(
      `${name} declarations: ${Object.entries(sizes)
        .map(([entry, conditions]) => `${entry} ${Math.max(...Object.values(conditions))} B`)
        .join(', ')}`,
    );
    expect(
      oversizedDeclarations(sizes, limits[name] ?? {}),
      'an intended change: WSADMIN_WRITE_DECLARATION_SIZES=1 (see the top of this file)',
    ).toEqual([]);
  });
});

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
