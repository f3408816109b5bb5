import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shareDeclarations } from './shared-declarations';

const SHARED = 'declare class ApiError extends Error {}\nexport { ApiError as t };';

let outDir = '';
afterEach(() => rm(outDir, { recursive: true, force: true }));

/** A dist/ as tsdown writes a dual build: per format, an entry declaration and its chunk. */
function dualBuild(files: Record<string, string>): string {
  outDir = mkdtempSync(join(tmpdir(), 'wsadmin-shared-declarations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
  return outDir;
}

describe('shareDeclarations', () => {
  it('keeps a chunk both formats wrote alike once, as .d.cts, and points the .d.mts files at it', async () => {
    const dir = dualBuild({
      'index.d.mts': 'import { t as ApiError } from "./index-Esm1.mjs";\nexport { ApiError };',
      'index.d.cts': 'import { t as ApiError } from "./index-Cjs1.cjs";\nexport { ApiError };',
      'index-Esm1.d.mts': `${SHARED}\n//# sourceMappingURL=index-Esm1.d.mts.map`,
      'index-Cjs1.d.cts': `${SHARED}\n//# sourceMappingURL=index-Cjs1.d.cts.map`,
      'query.d.mts': 'import { t } from "./index-Esm1.mjs";\nexport { t };',
      'index.mjs': 'export {};',
    });
    await shareDeclarations(dir, ['index', 'query']);
    expect(readdirSync(dir).sort()).toEqual([
      'index-Cjs1.d.cts',
      'index.d.cts',
      'index.d.mts',
      'index.mjs',
      'query.d.mts',
    ]);
    expect(readFileSync(join(dir, 'index.d.mts'), 'utf8')).toBe(
      'import { t as ApiError } from "./index-Cjs1.cjs";\nexport { ApiError };',
    );
    expect(readFileSync(join(dir, 'query.d.mts'), 'utf8')).toBe(
      'import { t } from "./index-Cjs1.cjs";\nexport { t };',
    );
    expect(readFileSync(join(dir, 'index.d.cts'), 'utf8')).toBe(
      'import { t as ApiError } from "./index-Cjs1.cjs";\nexport { ApiError };',
    );
  });

  it('imports each name under the alias the CommonJS chunk gives it when the two builds lettered them apart', async () => {
    const body = 'declare class ApiError extends Error {}\ndeclare class NetworkError extends Error {}';
    const dir = dualBuild({
      'index.d.mts':
        'import { n as NetworkError, t as ApiError } from "./index-Esm1.mjs";\nexport { ApiError, NetworkError };',
      'index.d.cts':
        'import { n as ApiError, t as NetworkError } from "./index-Cjs1.cjs";\nexport { ApiError, NetworkError };',
      'index-Esm1.d.mts': `${body}\nexport { ApiError as t, NetworkError as n };`,
      'index-Cjs1.d.cts': `${body}\nexport { ApiError as n, NetworkError as t };`,
      'query.d.mts': 'import { t } from "./index-Esm1.mjs";\nexport { t as ApiError };',
    });
    await shareDeclarations(dir, ['index', 'query']);
    expect(readdirSync(dir)).not.toContain('index-Esm1.d.mts');
    expect(readFileSync(join(dir, 'index.d.mts'), 'utf8')).toBe(
      'import { t as NetworkError, n as ApiError } from "./index-Cjs1.cjs";\nexport { ApiError, NetworkError };',
    );
    expect(readFileSync(join(dir, 'query.d.mts'), 'utf8')).toBe(
      'import { n as t } from "./index-Cjs1.cjs";\nexport { t as ApiError };',
    );
  });

  it('shares a chunk that imports a shared chunk too, and keeps every entry', async () => {
    const dir = dualBuild({
      'index.d.mts': 'import { t as Client } from "./index-Esm1.mjs";\nexport { Client };',
      'index.d.cts': 'import { t as Client } from "./index-Cjs1.cjs";\nexport { Client };',
      'index-Esm1.d.mts':
        'import { t as Hook } from "./hook-Esm2.mjs";\ndeclare class Client { hook: Hook }\nexport { Client as t };',
      'index-Cjs1.d.cts':
        'import { t as Hook } from "./hook-Cjs2.cjs";\ndeclare class Client { hook: Hook }\nexport { Client as t };',
      'hook-Esm2.d.mts': 'type Hook = () => void;\nexport { Hook as t };',
      'hook-Cjs2.d.cts': 'type Hook = () => void;\nexport { Hook as t };',
    });
    await shareDeclarations(dir, ['index']);
    expect(readdirSync(dir).sort()).toEqual([
      'hook-Cjs2.d.cts',
      'index-Cjs1.d.cts',
      'index.d.cts',
      'index.d.mts',
    ]);
    expect(readFileSync(join(dir, 'index.d.mts'), 'utf8')).toBe(
      'import { t as Client } from "./index-Cjs1.cjs";\nexport { Client };',
    );
  });

  it('keeps both copies of a chunk whose formats differ, and says so when nothing is shared', async () => {
    const dir = dualBuild({
      'index.d.mts': 'import { t } from "./index-Esm1.mjs";\nexport { t };',
      'index.d.cts': 'import { t } from "./index-Cjs1.cjs";\nexport { t };',
      'index-Esm1.d.mts': 'declare const t: 1;\nexport { t };',
      'index-Cjs1.d.cts': 'declare const t: 2;\nexport { t };',
    });
    await expect(shareDeclarations(dir, ['index'])).rejects.toThrow('no declaration chunk');
    expect(readdirSync(dir)).toContain('index-Esm1.d.mts');
    expect(readFileSync(join(dir, 'index.d.mts'), 'utf8')).toContain('"./index-Esm1.mjs"');
  });
});
