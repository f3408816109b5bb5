/**
 * The TypeScript and JavaScript code blocks of the docs, as `consumer/readme-snippets.test.ts`
 * compiles them. A block may carry one HTML comment right before its fence (blank lines between
 * allowed), invisible where the Markdown is rendered:
 *
 * - `<!-- fragment: why -->`: not compiled; the reason is required (fragments stay few).
 * - `<!-- context: code -->`: what the sections before gave the reader (imports, a `client`),
 *   compiled in front of the block; the block is checked but not run.
 * - `<!-- runs -->`: a whole program, compiled and run with Node; `<!-- runs: vitest -->`: a whole
 *   test file, compiled and run by Vitest.
 *
 * A block without a comment is compiled as it stands.
 */

/** The languages whose blocks are compiled. */
export const COMPILED_LANGUAGES = ['ts', 'tsx', 'js', 'mjs'] as const;
export type CompiledLanguage = (typeof COMPILED_LANGUAGES)[number];

export interface CodeBlock {
  /** The Markdown file, relative to the repository. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  language: CompiledLanguage;
  /** The block's code, its list indentation removed. */
  code: string;
  /** Why the block is not compiled (`<!-- fragment: … -->`). */
  fragment?: string;
  /** Code compiled in front of the block (`<!-- context: … -->`). */
  context?: string;
  /** How the block runs, when it is a whole program (`<!-- runs -->`). */
  runs?: 'node' | 'vitest';
}

const FENCE = /^(\s*)```(\S*)\s*$/;
const MARKER = /<!--\s*(fragment|context|runs)(?::\s*([\s\S]*?))?\s*-->\s*$/;

/** The comment that ends right before line `index` (blank lines skipped), and where it starts. */
function markerBefore(lines: readonly string[], index: number): string | undefined {
  let end = index - 1;
  while (end >= 0 && (lines[end] ?? '').trim() === '') end--;
  if (end < 0 || !(lines[end] ?? '').trim().endsWith('-->')) return undefined;
  let start = end;
  while (start >= 0 && !(lines[start] ?? '').includes('<!--')) start--;
  if (start < 0) return undefined;
  return lines
    .slice(start, end + 1)
    .map((line) => line.trim())
    .join('\n');
}

/** Applies a marker comment to a block; throws on a marker it cannot read. */
function withMarker(block: CodeBlock, comment: string | undefined): CodeBlock {
  const marker = comment === undefined ? null : MARKER.exec(comment);
  if (!marker) return block;
  const [, kind, value = ''] = marker;
  const where = `${block.file}:${block.line}`;
  if (kind === 'fragment') {
    if (value.trim() === '') throw new Error(`${where}: a fragment needs a reason (<!-- fragment: why -->)`);
    return { ...block, fragment: value.trim() };
  }
  if (kind === 'context') {
    if (value.trim() === '') throw new Error(`${where}: an empty context`);
    return { ...block, context: value.trim() };
  }
  if (value !== '' && value !== 'vitest') throw new Error(`${where}: runs with "${value}"? (node or vitest)`);
  return { ...block, runs: value === 'vitest' ? 'vitest' : 'node' };
}

/** Every compiled-language block of a Markdown file, with its marker. */
export function codeBlocksOf(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) continue;
    const [, indent = '', language = ''] = open;
    let close = index + 1;
    while (close < lines.length && !/^\s*```\s*$/.test(lines[close] ?? '')) close++;
    if ((COMPILED_LANGUAGES as readonly string[]).includes(language)) {
      const code = lines
        .slice(index + 1, close)
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
        .join('\n');
      const block: CodeBlock = { file, line: index + 1, language: language as CompiledLanguage, code };
      blocks.push(withMarker(block, markerBefore(lines, index)));
    }
    index = close;
  }
  return blocks;
}

/** The file a block is compiled as: named after where it is, with the extension its code needs. */
export function snippetFileName(block: CodeBlock): string {
  const place = block.file.replace(/\.md$/i, '').replace(/[^A-Za-z0-9]+/g, '-');
  return `${place}-${block.line}.${extensionOf(block)}`;
}

/** `.cjs` for CommonJS (`require`, `module.exports`), `.mjs` for other JavaScript. */
function extensionOf(block: CodeBlock): string {
  if (block.language === 'ts' || block.language === 'tsx') return block.language;
  return /\brequire\(|\bmodule\.exports\b/.test(block.code) ? 'cjs' : 'mjs';
}

/** What is compiled: the context, then the block. */
export function snippetSource(block: CodeBlock): string {
  const source = block.context === undefined ? block.code : `${block.context}\n${block.code}`;
  // A block with neither import nor export is still a module of its own (no shared globals).
  return /^\s*(import|export)\b/m.test(source) || extensionOf(block) === 'cjs'
    ? `${source}\n`
    : `${source}\nexport {};\n`;
}

/** The Markdown line of a line of the compiled file (1-based), or the fence's line within the context. */
export function markdownLineOf(block: CodeBlock, snippetLine: number): number {
  const contextLines = block.context === undefined ? 0 : block.context.split('\n').length;
  return block.line + Math.max(0, snippetLine - contextLines);
}
