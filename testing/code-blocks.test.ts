import { describe, expect, it } from 'vitest';
import { codeBlocksOf, markdownLineOf, snippetFileName, snippetSource } from './code-blocks';

const markdown = [
  '# Title', // 1
  '```ts', // 2
  "import { a } from 'a';", // 3
  '```', // 4
  '<!-- fragment: typed in the devtools console -->', // 5
  '', // 6
  '```js', // 7
  'await x()', // 8
  '```', // 9
  '```sh', // 10
  'npm test', // 11
  '```', // 12
  '1. a step:', // 13
  '', // 14
  '   <!-- context: import { client } from "./client";', // 15
  '   declare const id: number; -->', // 16
  '   ```ts', // 17
  '   await client.get(id);', // 18
  '     nested;', // 19
  '   ```', // 20
  '<!-- runs: vitest -->', // 21
  '```ts', // 22
  "import { it } from 'vitest';", // 23
  '```', // 24
  '<!-- runs -->', // 25
  '```js', // 26
  "const { a } = require('a');", // 27
  '```', // 28
].join('\n');

describe('the code blocks of a Markdown file', () => {
  const blocks = codeBlocksOf(markdown, 'packages/mock/README.md');

  it('finds the ts, tsx, js and mjs blocks with their lines, and no other language', () => {
    expect(blocks.map((block) => [block.line, block.language])).toEqual([
      [2, 'ts'],
      [7, 'js'],
      [17, 'ts'],
      [22, 'ts'],
      [26, 'js'],
    ]);
    expect(blocks[2]?.code).toBe('await client.get(id);\n  nested;');
  });

  it('reads the marker right before a fence: fragment with its reason, context, runs', () => {
    expect(blocks[0]).not.toHaveProperty('fragment');
    expect(blocks[1]?.fragment).toBe('typed in the devtools console');
    expect(blocks[2]?.context).toBe('import { client } from "./client";\ndeclare const id: number;');
    expect(blocks[3]?.runs).toBe('vitest');
    expect(blocks[4]?.runs).toBe('node');
  });

  it('refuses a fragment without a reason and an unknown runner', () => {
    expect(() => codeBlocksOf('<!-- fragment -->\n```ts\nx;\n```\n', 'a.md')).toThrow(
      /a\.md:2: a fragment needs a reason/,
    );
    expect(() => codeBlocksOf('<!-- runs: deno -->\n```ts\nx;\n```\n', 'a.md')).toThrow(/runs with "deno"/);
  });

  it('names each compiled file after its place, CommonJS as .cjs and other JavaScript as .mjs', () => {
    expect(blocks.map(snippetFileName)).toEqual([
      'packages-mock-README-2.ts',
      'packages-mock-README-7.mjs',
      'packages-mock-README-17.ts',
      'packages-mock-README-22.ts',
      'packages-mock-README-26.cjs',
    ]);
  });

  it('compiles the context before the block, and a block without imports as a module of its own', () => {
    const withContext = blocks[2];
    if (!withContext) throw new Error('no block');
    expect(snippetSource(withContext)).toBe(
      'import { client } from "./client";\ndeclare const id: number;\nawait client.get(id);\n  nested;\n',
    );
    expect(snippetSource({ file: 'a.md', line: 1, language: 'ts', code: 'const a = 1;' })).toBe(
      'const a = 1;\nexport {};\n',
    );
    expect(markdownLineOf(withContext, 3)).toBe(18);
    expect(markdownLineOf(withContext, 1)).toBe(17);
  });
});
