/**
 * What each published entry exports, read from the packed declarations, against the committed list
 * (`consumer/public-exports.json`): an export nobody meant to publish fails here, as does one
 * removed by accident. After an intended change, write the list anew:
 *   WSADMIN_WRITE_EXPORTS=1 npx vitest run --project consumer consumer/public-exports.test.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES, type PackageName, REPO_ROOT, run } from './harness';
import { sharedTarballs } from './packs';
import { type PublicExports, publicExports } from './public-exports';

const LIST = join(REPO_ROOT, 'consumer', 'public-exports.json');
const root = mkdtempSync(join(tmpdir(), 'wsadmin-public-exports-'));
const found: Partial<Record<PackageName, PublicExports>> = {};

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  for (const name of PACKAGES) {
    const directory = join(root, name.replace('/', '+'));
    mkdirSync(directory, { recursive: true });
    await run('tar', ['-xzf', tarballs[name], '-C', directory, '--strip-components=1'], { cwd: root });
    found[name] = publicExports(directory);
  }
  if (process.env.WSADMIN_WRITE_EXPORTS) writeFileSync(LIST, `${JSON.stringify(found, null, 2)}\n`);
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe('the public exports of each packed entry', () => {
  const committed = JSON.parse(readFileSync(LIST, 'utf8')) as Record<PackageName, PublicExports>;

  it.each(PACKAGES)('%s exports what consumer/public-exports.json lists, entry by entry', (name) => {
    const now = found[name] ?? {};
    const listed = committed[name] ?? {};
    const changes = [...new Set([...Object.keys(now), ...Object.keys(listed)])].flatMap((entry) => {
      const added = (now[entry] ?? []).filter((symbol) => !(listed[entry] ?? []).includes(symbol));
      const removed = (listed[entry] ?? []).filter((symbol) => !(now[entry] ?? []).includes(symbol));
      return [
        ...added.map((symbol) => `${entry}: + ${symbol}`),
        ...removed.map((symbol) => `${entry}: - ${symbol}`),
      ];
    });
    expect(changes, 'an intended change: WSADMIN_WRITE_EXPORTS=1 (see the top of this file)').toEqual([]);
  });
});

describe('publicExports', () => {
  const fabricated = (files: Record<string, string>) => {
    const directory = mkdtempSync(join(root, 'fabricated-'));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(directory, path), text);
    return directory;
  };
  const manifest = JSON.stringify({
    name: 'p',
    exports: {
      '.': {
        import: { types: './index.d.mts', default: './index.mjs' },
        require: { types: './index.d.cts', default: './index.cjs' },
      },
      './package.json': './package.json',
    },
  });

  it('follows re-exports and lists values and types', () => {
    const directory = fabricated({
      'package.json': manifest,
      'chunk.d.mts': 'export declare const b: number;\nexport interface C { c: string }\n',
      'index.d.mts': "export declare function a(): void;\nexport * from './chunk.mjs';\n",
      'index.d.cts':
        'export declare function a(): void;\nexport declare const b: number;\nexport interface C { c: string }\n',
    });
    expect(publicExports(directory)).toEqual({ '.': ['C', 'a', 'b'] });
  });

  it('refuses an entry whose CommonJS declarations export other names than its ES module ones', () => {
    const directory = fabricated({
      'package.json': manifest,
      'index.d.mts': 'export declare function a(): void;\nexport declare const b: number;\n',
      'index.d.cts': 'export declare function a(): void;\n',
    });
    expect(() => publicExports(directory)).toThrow(
      /require declarations export other names than the import ones: .*"missing":\["b"\]/,
    );
  });
});
