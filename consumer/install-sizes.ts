import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { publicPackages } from './try-packs';

/** How far a measured install may be from the size a README states, either way. */
export const SIZE_MARGIN = 0.15;

/** The phrase a README states an install size with, in MB (10^6 bytes, file sizes added up). */
const STATED = /installs about (\d+(?:\.\d+)?) MB/g;

/** The bytes under `path`: file sizes added up (not disk blocks, as `du` counts them). */
export function sizeOf(path: string): number {
  const stats = lstatSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/**
 * The install size each published package's README states ("installs about 44 MB"), by README path
 * from the root. A README states at most one: a second figure would leave unclear which the test holds.
 */
export function statedInstallSizes(root: string): Record<string, number> {
  const stated: Record<string, number> = {};
  for (const { folder } of publicPackages(root)) {
    const readme = `${folder}/README.md`;
    if (!existsSync(join(root, readme))) continue;
    const figures = [...readFileSync(join(root, readme), 'utf8').matchAll(STATED)].map((match) =>
      Number(match[1]),
    );
    if (figures.length > 1)
      throw new Error(
        `${readme} states ${figures.length} install sizes ("installs about … MB"); one at most`,
      );
    if (figures[0] !== undefined) stated[readme] = figures[0];
  }
  return stated;
}

/** Why a measured install is too far from the stated size, or undefined when it is within the margin. */
export function sizeDrift(readme: string, statedMb: number, measuredMb: number): string | undefined {
  if (Math.abs(measuredMb - statedMb) <= statedMb * SIZE_MARGIN) return undefined;
  return `${readme} says the install is about ${statedMb} MB; it measured ${measuredMb.toFixed(1)} MB (more than ${SIZE_MARGIN * 100}% away): write "installs about ${Math.round(measuredMb)} MB"`;
}

/** Bytes of a page asset, as built and as gzip (Node's default level) sends it. */
export interface AssetSize {
  bytes: number;
  gzip: number;
}

/** The page assets the mock README states: the script that starts the worker, and sql.js's WebAssembly. */
export interface PageAssets {
  script: AssetSize;
  wasm: AssetSize;
}

/**
 * How far a measured page asset may be from the README's figure, either way. Tighter than an
 * install's: the README gives these to the kB, and a drift of 6% (830 kB stated, 880 kB built) went
 * unnoticed before (issue 42).
 */
export const ASSET_MARGIN = 0.05;

/** The phrases of packages/mock/README.md that state each figure ("(about 950 kB, 290 kB gzip)"). */
const STATED_ASSETS: Record<keyof PageAssets, RegExp> = {
  script:
    /script that starts the worker carries the whole reference server \(about (\d+) kB, (\d+) kB\s+gzip\)/,
  wasm: /sql\.js's WebAssembly is a file of its own\s+\(about (\d+) kB, (\d+) kB\s+gzip\)/,
};

/** The page asset sizes a README states, in bytes (kB = 1,000 bytes, as Vite reports them). */
export function statedPageAssets(readme: string): PageAssets {
  const stated = (asset: keyof PageAssets): AssetSize => {
    const match = STATED_ASSETS[asset].exec(readme.replace(/\s+/g, ' '));
    if (!match) throw new Error(`the README states no ${asset} size (${STATED_ASSETS[asset].source})`);
    return { bytes: Number(match[1]) * 1000, gzip: Number(match[2]) * 1000 };
  };
  return { script: stated('script'), wasm: stated('wasm') };
}

/** The sizes of a Vite build's page assets: the script its index.html loads, and its one `.wasm` file. */
export function measuredPageAssets(outDir: string): PageAssets {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const script = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
  if (!script) throw new Error(`${outDir}/index.html loads no module script`);
  const wasm = readdirSync(join(outDir, 'assets')).filter((asset) => asset.endsWith('.wasm'));
  if (wasm.length !== 1) throw new Error(`${outDir}/assets holds ${wasm.length} .wasm files, not one`);
  const sized = (path: string): AssetSize => {
    const bytes = readFileSync(join(outDir, path));
    return { bytes: bytes.byteLength, gzip: gzipSync(bytes).byteLength };
  };
  return { script: sized(script), wasm: sized(`assets/${wasm[0]}`) };
}

/** Each stated figure further than ASSET_MARGIN from the measured one, with the figure to write. */
export function pageAssetDrift(stated: PageAssets, measured: PageAssets): string[] {
  return (['script', 'wasm'] as const).flatMap((asset) =>
    (['bytes', 'gzip'] as const).flatMap((kind) => {
      const said = stated[asset][kind];
      const found = measured[asset][kind];
      if (Math.abs(found - said) <= said * ASSET_MARGIN) return [];
      return [
        `${asset} ${kind === 'bytes' ? 'size' : 'gzip'}: the README says about ${said / 1000} kB, the build made ${(found / 1000).toFixed(1)} kB (more than ${ASSET_MARGIN * 100}% away): write ${Math.round(found / 10000) * 10} kB`,
      ];
    }),
  );
}
