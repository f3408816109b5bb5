/**
 * The docs' code blocks as files of one consumer project (`consumer/readme-snippets.test.ts`): one
 * file per block under `snippets/`, compiled by one `tsc` run per TypeScript version; the errors
 * read back to the Markdown line they come from.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CodeBlock,
  codeBlocksOf,
  markdownLineOf,
  snippetFileName,
  snippetSource,
} from '../testing/code-blocks';

/** The Markdown a user reads: the root README, every package's README, the contract's, `docs/*.md`. */
export function documentsWithCode(root: string): string[] {
  const packages = readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => existsSync(join(root, path)));
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'contract/README.md', ...packages, ...docs].filter((path) =>
    existsSync(join(root, path)),
  );
}

/** Every compiled-language block of those documents. */
export function docBlocks(root: string): CodeBlock[] {
  return documentsWithCode(root).flatMap((file) =>
    codeBlocksOf(readFileSync(join(root, file), 'utf8'), file),
  );
}

/** A block written into the project: its file (relative to the project) and the block. */
export interface WrittenSnippet {
  path: string;
  block: CodeBlock;
}

/** Writes every block that is not a fragment under `<project>/snippets/`; a Vitest block as `*.test.ts`. */
export function writeSnippets(project: string, blocks: readonly CodeBlock[]): WrittenSnippet[] {
  mkdirSync(join(project, 'snippets'), { recursive: true });
  return blocks
    .filter((block) => block.fragment === undefined)
    .map((block) => {
      const name = snippetFileName(block);
      const path = `snippets/${block.runs === 'vitest' ? name.replace(/\.(tsx?)$/, '.test.$1') : name}`;
      writeFileSync(join(project, path), snippetSource(block));
      return { path, block };
    });
}

/**
 * tsc's diagnostics (`--pretty false`: `file(line,col): error TSnnnn: text`), each at the Markdown
 * line of its block; an error outside the snippets (a declaration file, the fixture) as it came.
 */
export function diagnosticsAtMarkdown(output: string, written: readonly WrittenSnippet[]): string[] {
  const byPath = new Map(written.map((snippet) => [snippet.path, snippet.block]));
  return output
    .split('\n')
    .filter((line) => /error TS\d+/.test(line))
    .map((line) => {
      const at = /^(\S+?)\((\d+),(\d+)\): (.*)$/.exec(line.trim());
      const block = at ? byPath.get(at[1] ?? '') : undefined;
      if (!at || !block) return line.trim();
      return `${block.file}:${markdownLineOf(block, Number(at[2]))} (${block.language} block of line ${block.line}): ${at[4]}`;
    });
}

/**
 * Errors inside another library's declarations (`node_modules/` outside `@wsadmin/`): with
 * `skipLibCheck: false` a tool's own declarations may fail a compiler version (Storybook 10.6's
 * `@storybook/react`, under TypeScript 5.9 and 7: TS2344 and unused `@ts-expect-error`), which no README block can change. Ours are held.
 */
export function isThirdPartyDeclarationError(diagnostic: string): boolean {
  return /^node_modules\//.test(diagnostic) && !/^node_modules\/@wsadmin\//.test(diagnostic);
}
