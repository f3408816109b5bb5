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
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeclarationSizes,
  declarationSizes,
  limitFor,
  oversizedDeclarations,
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
