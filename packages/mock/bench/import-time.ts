/**
 * How long `import('@wsadmin/mock/node')` takes in a fresh Node process, from the built `dist/`
 * (what users install), next to the modules it pulls in, and how long until the first request
 * is answered through MSW; then a list call through MSW beside a hand-written handler answering the
 * same request (consumer/fixtures/mock-only/figures.mjs, each side in fresh processes, in turns).
 * Prints the median (and range) of several runs, wall clock and CPU time.
 *   npm run build -w @wsadmin/contract -w @wsadmin/server-core -w @wsadmin/sdk -w @wsadmin/mock
 *   node packages/mock/bench/import-time.ts   (Node 22.6+), or: node --import tsx packages/mock/bench/import-time.ts
 * CPU time (user + system of the process) is the steadier figure on a shared machine: waiting for
 * a core does not count in it. RUNS=9 by default.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.RUNS ?? 9);
const cwd = fileURLToPath(new URL('..', import.meta.url));

const firstAnswer = `
  const { MOCK_BASE_URL, MOCK_KEY, setupMockServer } = await import('@wsadmin/mock/node');
  const { mock, server } = setupMockServer({ seed: { workspaces: [{ name: 'Sales' }] } });
  server.listen({ onUnhandledRequest: 'error' });
  const response = await fetch(MOCK_BASE_URL + '/openapi/v1/workspaces/', { headers: { authorization: 'Bearer ' + MOCK_KEY } });
  const body = await response.json();
  if (body.data?.[0]?.name !== 'Sales') throw new Error('unexpected answer: ' + JSON.stringify(body));
  server.close(); await mock.close();`;

const subjects: Array<[string, string]> = [
  ['msw/node', `await import('msw/node')`],
  ['msw/node + msw (plain handlers)', `await import('msw/node'); await import('msw')`],
  ['zod', `await import('zod')`],
  ['@wsadmin/contract', `await import('@wsadmin/contract')`],
  ['@wsadmin/server-core', `await import('@wsadmin/server-core')`],
  ['@wsadmin/mock/node', `await import('@wsadmin/mock/node')`],
  ['mock/node + first answer through MSW', firstAnswer],
];

/** [wall ms, CPU ms] of running `code` in a fresh process. */
function once(code: string): [number, number] {
  const script = `const c = process.cpuUsage(); const t = performance.now(); ${code};
    const u = process.cpuUsage(c); console.log(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as [number, number];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const figure = (values: number[]) =>
  `${median(values).toFixed(0).padStart(5)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;

// Rounds interleave the subjects, so a busy machine slows them alike and the medians compare.
const times = new Map(subjects.map(([name]) => [name, { wall: [] as number[], cpu: [] as number[] }]));
for (let round = 0; round < RUNS; round++) {
  for (const [name, code] of subjects) {
    const [wall, cpu] = once(code);
    times.get(name)?.wall.push(wall);
    times.get(name)?.cpu.push(cpu);
  }
}

console.log(`node ${process.version}, ${RUNS} fresh processes each, median (min-max) in ms`);
console.log(`${''.padEnd(38)} ${'wall'.padEnd(17)} cpu`);
for (const [name, { wall, cpu }] of times)
  console.log(`${name.padEnd(38)} ${figure(wall).padEnd(17)} ${figure(cpu)}`);

// A list call through MSW: the mock beside a static `http.get` handler, 500 calls after 300 warm-up.
const figures = fileURLToPath(new URL('../../../consumer/fixtures/mock-only/figures.mjs', import.meta.url));
const calls: Record<'mock' | 'msw', number[]> = { mock: [], msw: [] };
for (let round = 0; round < Math.min(RUNS, 5); round++) {
  for (const side of ['mock', 'msw'] as const) {
    const output = execFileSync(process.execPath, [figures, side], { cwd, encoding: 'utf8' });
    calls[side].push((JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { callMs: number }).callMs);
  }
}
const ratio = (median(calls.mock) / median(calls.msw)).toFixed(2);
console.log(
  `a list call through MSW, median of 500 per process, median (min-max) of ${calls.mock.length} processes:`,
);
console.log(
  `  mock ${median(calls.mock).toFixed(3)} ms, static handler ${median(calls.msw).toFixed(3)} ms (${ratio}x)`,
);
const importRatio = (name: string) => {
  const wall = times.get(name)?.wall ?? [];
  return median(wall) / median(times.get('msw/node')?.wall ?? [1]);
};
console.log(`import of @wsadmin/mock/node: ${importRatio('@wsadmin/mock/node').toFixed(2)}x msw/node (wall)`);
