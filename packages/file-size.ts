import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The size rule of the sources (issue 11): no hand-written TypeScript file of a package
 * (`packages/<name>/`: sources, tests, benches, scripts, configs) or of `contract/` exceeds 400
 * lines, so a long unit is split along its seams instead of growing. Generated files are exempt:
 * they are never read or edited by hand.
 */
export const MAX_LINES = 400;

export interface SourceFile {
  /** Relative to the repository root, with `/` separators. */
  path: string;
  lines: number;
  generated: boolean;
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** A generated file says so in its first lines ("Generated ... Do not edit"), as `npm run generate` writes. */
export function isGenerated(text: string): boolean {
  const head = text.split('\n', 5).join('\n');
  return /generated/i.test(head) && /do not edit/i.test(head);
}

/** One message per hand-written file over the limit, naming it and its line count, by path. */
export function oversized(files: readonly SourceFile[], max = MAX_LINES): string[] {
  return files
    .filter((file) => !file.generated && file.lines > max)
    .map((file) => `${file.path}: ${file.lines} lines (limit ${max})`)
    .sort();
}

const SOURCE = /\.[cm]?tsx?$/;

/** Folders never walked: installed packages, builds, and generated code. */
const SKIPPED = new Set(['node_modules', 'dist', 'generated']);

/**
 * Every .ts/.tsx (and .mts/.cts) file of each `packages/<name>/` of `root` and of `contract/`,
 * leaving out dot folders, `node_modules/`, `dist/` and `generated/` folders.
 */
export function sourceFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        const name = relative(root, path).split('\\').join('/');
        files.push({ path: name, lines: lineCount(text), generated: isGenerated(text) });
      }
    }
  };
  const packages = join(root, 'packages');
  for (const entry of readdirSync(packages, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
      walk(join(packages, entry.name));
  }
  if (existsSync(join(root, 'contract'))) walk(join(root, 'contract'));
  return files;
}
