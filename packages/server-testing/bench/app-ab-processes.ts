import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadLine } from './app-build';

/**
 * `node --import tsx packages/server-testing/bench/app-ab-processes.ts --before <worktree>`: the
 * workspace detail read of two builds, each in a process of its own (app-ab-process.ts), taking
 * turns, `--turns` times per read: the CPU µs per request of each. `npm run bench:ab` runs both
 * builds in one process, where one build's modules, JIT feedback and garbage share the other's
 * heap; this is the check that a difference it shows is the code's.
 */
const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: fileURLToPath(new URL('../../..', import.meta.url)) },
    turns: { type: 'string', default: '2' },
  },
});
if (!args.before) throw new Error('--before <worktree root> is required (the build to compare with)');
const child = fileURLToPath(new URL('app-ab-process.ts', import.meta.url));
console.log(`load at start: ${loadLine()}`);
for (const read of ['cached', 'uncached'] as const) {
  const figures: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let turn = 0; turn < Number(args.turns); turn++) {
    for (const side of ['before', 'after'] as const) {
      const root = resolve(side === 'before' ? args.before : args.after);
      const ran = spawnSync(
        process.execPath,
        ['--conditions=@wsadmin/source', '--import', 'tsx', child, root, read],
        { cwd: root, encoding: 'utf8' },
      );
      if (ran.status !== 0) throw new Error(`${side} (${root}) failed:\n${ran.stderr}`);
      figures[side].push(Number(ran.stdout.trim()));
    }
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  console.log(
    `detail, ${read}: CPU µs per request, before ${list(figures.before)}; after ${list(figures.after)}`,
  );
}
console.log(`load at end: ${loadLine()}`);
