// The checks of consumer/install-sizes.ts on fabricated READMEs and builds; the measurements
// themselves run in consumer/packages.test.ts, on the projects installed from the tarballs.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness';
import { measuredPageAssets, pageAssetDrift, statedPageAssets } from './install-sizes';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-install-sizes-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the page asset sizes of the mock README', () => {
  it('are read from the README, its line breaks aside', () => {
    const readme = readFileSync(join(REPO_ROOT, 'packages', 'mock', 'README.md'), 'utf8');
    const stated = statedPageAssets(readme);
    expect(stated.script.gzip).toBeLessThan(stated.script.bytes);
    expect(stated.wasm.gzip).toBeLessThan(stated.wasm.bytes);
    expect(
      statedPageAssets(
        "the script that starts the worker carries the whole reference server (about 950 kB, 290 kB\ngzip): ... sql.js's WebAssembly is a file of its own\n(about 690 kB, 340 kB gzip)",
      ),
    ).toEqual({ script: { bytes: 950_000, gzip: 290_000 }, wasm: { bytes: 690_000, gzip: 340_000 } });
  });

  it('throw naming the figure a README no longer states', () => {
    expect(() =>
      statedPageAssets("sql.js's WebAssembly is a file of its own (about 690 kB, 340 kB gzip)"),
    ).toThrow(/states no script size/);
  });

  it('are measured on the script index.html loads and the one .wasm file, gzip included', () => {
    const outDir = join(root, 'dist');
    mkdirSync(join(outDir, 'assets'), { recursive: true });
    const script = Buffer.from('console.log("page");\n'.repeat(500));
    const wasm = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 251));
    writeFileSync(join(outDir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(outDir, 'assets', 'other-def.js'), 'not the page script');
    writeFileSync(join(outDir, 'assets', 'sql-wasm-123.wasm'), wasm);
    writeFileSync(
      join(outDir, 'index.html'),
      '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>',
    );
    expect(measuredPageAssets(outDir)).toEqual({
      script: { bytes: script.byteLength, gzip: gzipSync(script).byteLength },
      wasm: { bytes: wasm.byteLength, gzip: gzipSync(wasm).byteLength },
    });
  });

  it('drift when more than 5% from the build, and say what to write', () => {
    const stated = { script: { bytes: 830_000, gzip: 260_000 }, wasm: { bytes: 690_000, gzip: 340_000 } };
    const near = { script: { bytes: 860_000, gzip: 270_000 }, wasm: { bytes: 688_197, gzip: 337_839 } };
    expect(pageAssetDrift(stated, near)).toEqual([]);
    // The figures of issue 42: 830 kB stated, 880 kB built.
    expect(pageAssetDrift(stated, { ...near, script: { bytes: 880_000, gzip: 275_000 } })).toEqual([
      'script size: the README says about 830 kB, the build made 880.0 kB (more than 5% away): write 880 kB',
      'script gzip: the README says about 260 kB, the build made 275.0 kB (more than 5% away): write 280 kB',
    ]);
  });
});
