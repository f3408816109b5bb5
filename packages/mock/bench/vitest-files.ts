/**
 * The mock in a user's test run: `vitest run` over 10 test files of 3 tests each, once with the
 * mock (`setupMockServer`, a seeded workspace, `mock.reset()` between tests) and once with plain
 * MSW handlers answering the same request. Vitest imports everything afresh in each file, so the
 * import cost is paid 10 times. Uses the built packages (`npm run build` first), as users get them.
 *   node packages/mock/bench/vitest-files.ts   (Node 22.6+), or: node --import tsx packages/mock/bench/vitest-files.ts
 * Prints the median (and range) of RUNS (default 3) wall-clock runs of each, interleaved.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitestFileTemplates } from './vitest-file-templates.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const FILES = 10;
const repository = fileURLToPath(new URL('../../..', import.meta.url));
const vitest = join(repository, 'node_modules/vitest/vitest.mjs');

// The same files as the consumer test's (consumer/fixtures/sdk-app), three tests each.
const templates = vitestFileTemplates(3);
const variants: Record<string, string> = { mock: templates.mock, 'plain MSW handlers': templates.msw };

// The repository's packages, imported by Node from dist/ as from an installed tarball (not
// transformed by Vite, which it would do to linked workspace packages outside node_modules).
const config = `export default { test: { server: { deps: { external: [/\\/packages\\/[^/]+\\/dist\\//] } } } };\n`;

const root = mkdtempSync(join(tmpdir(), 'wsadmin-vitest-files-'));
symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'), 'dir');
const directories = Object.keys(variants).map((name, index) => {
  const directory = join(root, `variant-${index}`);
  mkdirSync(directory);
  writeFileSync(join(directory, 'vitest.config.mjs'), config);
  for (let file = 1; file <= FILES; file++)
    writeFileSync(join(directory, `file-${file}.test.mjs`), variants[name] ?? '');
  return [name, directory] as const;
});

function run(directory: string): number {
  const started = performance.now();
  // Throws (and ends the bench) when a test fails: a figure only counts for a green run.
  execFileSync(process.execPath, [vitest, 'run', '--root', directory], { cwd: directory, stdio: 'pipe' });
  return performance.now() - started;
}

const times = new Map(directories.map(([name]) => [name, [] as number[]]));
try {
  for (let round = 0; round < RUNS; round++)
    for (const [name, directory] of directories) times.get(name)?.push(run(directory));
} finally {
  rmSync(root, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  `node ${process.version}, vitest run of ${FILES} files x 3 tests, ${RUNS} runs each, median (min-max) in s`,
);
for (const [name, values] of times)
  console.log(
    `${name.padEnd(20)} ${seconds(median(values))} (${seconds(Math.min(...values))}-${seconds(Math.max(...values))})`,
  );
