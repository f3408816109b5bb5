import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
