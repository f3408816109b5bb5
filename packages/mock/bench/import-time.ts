/**
 * How long `import('@wsadmin/mock/node')` takes in a fresh Node process, from the built `dist/`
 * (what users install), next to the modules it pulls in. Prints the median of several runs.
 *   npm run build -w @wsadmin/contract -w @wsadmin/server-core -w @wsadmin/mock
 *   node packages/mock/bench/import-time.ts   (Node 22.6+), or: node --import tsx packages/mock/bench/import-time.ts
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.RUNS ?? 7);
const cwd = fileURLToPath(new URL('..', import.meta.url));

const subjects: Array<[string, string]> = [
  ['msw/node', `await import('msw/node')`],
  ['zod', `await import('zod')`],
  ['@wsadmin/contract', `await import('@wsadmin/contract')`],
  ['@wsadmin/server-core', `await import('@wsadmin/server-core')`],
  ['@wsadmin/mock/node', `await import('@wsadmin/mock/node')`],
  [
    '@wsadmin/mock/node + first mock ready',
    `const { createMock } = await import('@wsadmin/mock/node'); await createMock().ready()`,
  ],
];

function once(code: string): number {
  const script = `const t = performance.now(); ${code}; console.log(performance.now() - t);`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Rounds interleave the subjects, so a busy machine slows them alike and the medians compare.
const times = new Map(subjects.map(([name]) => [name, [] as number[]]));
for (let round = 0; round < RUNS; round++) {
  for (const [name, code] of subjects) times.get(name)?.push(once(code));
}

console.log(`node ${process.version}, ${RUNS} fresh processes each, median (min-max) in ms`);
for (const [name, values] of times) {
  console.log(
    `${name.padEnd(40)} ${median(values).toFixed(0).padStart(5)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`,
  );
}
