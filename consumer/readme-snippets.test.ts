/**
 * Every ts/tsx/js/mjs block of the READMEs and docs/*.md (testing/code-blocks.ts), as users copy
 * them: one consumer project installed from the packed tarballs, one file per block, compiled with
 * `strict` by one run of TypeScript 5.9 and one of TypeScript 7 over all of them. TypeScript 7 runs
 * with `skipLibCheck: false`, reading every declaration of ours and of the libraries beside them;
 * TypeScript 5.9 with `skipLibCheck: true`, as most projects set it (Vite's templates among them):
 * reading every library's declarations again on 5.9 cost 70 s of CPU against 25, and the
 * declarations' own check on 5.9 stays in consumer/packages.test.ts (node16, skipLibCheck off).
 * The blocks marked `<!-- runs -->` then run with Node (from TypeScript 5.9's output), those
 * marked `<!-- runs: vitest -->` with Vitest. Blocks for a browser (Playwright Test, Vitest browser
 * mode, Storybook, a page) are type-checked only: the browser examples they come from run in
 * browser-tools.test.ts. The same two compiler runs check the Playwright specs of
 * examples/playwright and `playwright-types/locator.spec.ts` (the fixture's `expect` with
 * Playwright's own matchers), as a project's editor does. The project's msw is the one `npm install msw` gives on this Node.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeBlock } from '../testing/code-blocks';
import {
  consumerEnv,
  createConsumer,
  finish,
  installedVersion,
  localPrebuilds,
  npmCache,
  PACKAGES,
  REPO_ROOT,
  tarballDependencies,
} from './harness';
import { sharedTarballs } from './packs';
import {
  diagnosticsAtMarkdown,
  docBlocks,
  isThirdPartyDeclarationError,
  type WrittenSnippet,
  writeSnippets,
} from './readme-snippets';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-readme-snippets-'));
const project = join(root, 'app');
let blocks: CodeBlock[] = [];
let written: WrittenSnippet[] = [];

/** The tools the blocks import, at the versions this repository installed (from the npm cache). */
const TOOLS = [
  'msw',
  'typescript',
  'vite',
  'vitest',
  '@types/node',
  '@playwright/test',
  'storybook',
  '@storybook/react-vite',
  'msw-storybook-addon',
  'react',
  'react-dom',
  '@types/react',
  '@types/react-dom',
  '@tanstack/react-query',
  'vitest-browser-react',
  '@vitest/browser-playwright',
  '@jest/globals',
  'expect',
  '@modelcontextprotocol/sdk',
];

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  const dependencies: Record<string, string> = {
    ...tarballDependencies(tarballs, [...PACKAGES]),
    ...Object.fromEntries(TOOLS.map((name) => [name, installedVersion(name)])),
    // TypeScript 7 (the native compiler) beside 5.9, under the alias this repository installs it as.
    typescript7: `npm:typescript@${installedVersion('typescript7')}`,
  };
  await createConsumer({
    directory: project,
    fixture: 'readme-snippets',
    cache: await npmCache(),
    dependencies,
    allowScripts: { 'better-sqlite3': true },
    env: { ...(await localPrebuilds(join(root, 'prebuilds'))), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  // The Playwright specs of examples/playwright (and the scenarios they import), compiled beside the
  // blocks with `playwright-types/locator.spec.ts`: Playwright's matchers on the project's `Locator`
  // through the mock fixture's `expect`, as an editor checks a spec.
  mkdirSync(join(project, 'playwright'));
  cpSync(join(REPO_ROOT, 'examples', 'playwright', 'tests'), join(project, 'playwright', 'tests'), {
    recursive: true,
  });
  cpSync(
    join(REPO_ROOT, 'examples', 'playwright', 'playwright.config.ts'),
    join(project, 'playwright', 'playwright.config.ts'),
  );
  cpSync(join(REPO_ROOT, 'examples', 'react-query', 'src'), join(project, 'react-query', 'src'), {
    recursive: true,
  });
  // Read after the install: a README edited while the tarballs were packed is the one compiled.
  blocks = docBlocks(REPO_ROOT);
  written = writeSnippets(project, blocks);
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

/** Runs a TypeScript compiler of the project over every block; its errors at their Markdown lines. */
async function compile(compiler: 'typescript' | 'typescript7', emit: boolean): Promise<string[]> {
  const args = [join(project, 'node_modules', compiler, 'bin', 'tsc'), '-p', '.', '--pretty', 'false'];
  if (emit) args.push('--noEmit', 'false', '--outDir', 'out', '--rootDir', '.');
  if (compiler === 'typescript') args.push('--skipLibCheck');
  // One checker (TypeScript 7 runs four by default): half the CPU and no slower on 2 cores.
  if (compiler === 'typescript7') args.push('--checkers', '1');
  const result = await finish(process.execPath, args, {
    cwd: project,
    env: consumerEnv(),
    timeoutMs: 600_000,
  });
  return diagnosticsAtMarkdown(`${result.stdout}\n${result.stderr}`, written).filter(
    (diagnostic) => !isThirdPartyDeclarationError(diagnostic),
  );
}

describe('the code blocks of the docs', () => {
  it('are found, and each fragment says why it is not compiled; fragments stay few', () => {
    expect(blocks.length).toBeGreaterThan(40);
    const fragments = blocks.filter((block) => block.fragment !== undefined);
    for (const fragment of fragments) expect(fragment.fragment?.length).toBeGreaterThan(20);
    expect(fragments.length).toBeLessThanOrEqual(4);
    expect(blocks.filter((block) => block.runs !== undefined).length).toBeGreaterThanOrEqual(5);
  });

  describe.concurrent('compile, strict', { timeout: 900_000 }, () => {
    it('with TypeScript 5.9 (skipLibCheck true), and the whole programs run with Node', async () => {
      expect(readFileSync(join(project, 'node_modules', 'typescript', 'package.json'), 'utf8')).toMatch(
        /"version": "5\.9\./,
      );
      expect(await compile('typescript', true)).toEqual([]);
      const programs = written.filter((snippet) => snippet.block.runs === 'node');
      const outcomes = await Promise.all(
        programs.map(async ({ path, block }) => {
          const script = join('out', path.replace(/\.tsx?$/, '.js').replace(/\.mts$/, '.mjs'));
          const ran = await finish(process.execPath, [script], {
            cwd: project,
            env: consumerEnv(),
            timeoutMs: 120_000,
          });
          return { where: `${block.file}:${block.line}`, code: ran.code, stderr: ran.stderr };
        }),
      );
      expect(outcomes.filter((outcome) => outcome.code !== 0)).toEqual([]);
    });

    it('with TypeScript 7 (skipLibCheck false)', async () => {
      expect(await compile('typescript7', false)).toEqual([]);
    });

    it('the whole test files pass under Vitest', async () => {
      const tests = written
        .filter((snippet) => snippet.block.runs === 'vitest')
        .map((snippet) => snippet.path);
      expect(tests.length).toBeGreaterThan(0);
      const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs');
      const ran = await finish(process.execPath, [vitest, 'run', ...tests], {
        cwd: project,
        env: consumerEnv({ CI: '1', NO_COLOR: '1' }),
        timeoutMs: 300_000,
      });
      expect(ran.code, `${ran.stdout}\n${ran.stderr}`).toBe(0);
      expect(ran.stdout).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
    });
  });
});
