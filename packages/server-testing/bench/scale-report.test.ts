import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScaleRow } from './scale-measure';
import { END_MARKER, START_MARKER, scaleTargets, writeIntoDocs } from './scale-report';

const row = (processes: number, connections: number, cycles: number, cpu: number, waits = 0): ScaleRow => ({
  name: `${processes} x ${connections}`,
  processes,
  connections,
  cycles,
  perProcess: [cycles],
  p99: 10,
  failed: 0,
  sampled: { samples: 10, waiting: waits ? { advisory: waits } : {}, sessions: 10, cpuPercent: cpu },
});

describe('the verdicts of the scale bench', () => {
  it.each<[string, { given: ScaleRow[]; want: RegExp[] }]>([
    [
      'two processes at 1.5x, 32 connections 5% below 8',
      {
        given: [row(1, 8, 100, 60), row(1, 32, 95, 60), row(2, 8, 150, 80)],
        want: [
          /1\.5x one process: \*\*met\*\*, 150 cycles\/s against 100 \(1\.50x\)/,
          /\*\*met\*\*, 95 against 100 cycles\/s \(-5%\)/,
        ],
      },
    ],
    [
      'CPU saturated without lock waits: the alternative is met',
      {
        given: [row(1, 8, 100, 100), row(1, 32, 80, 100), row(2, 8, 110, 97, 0.1)],
        want: [
          /\*\*missed as a ratio\*\* \(110 cycles\/s against 100 \(1\.10x\)\), \*\*met by the CPU-bound alternative\*\*/,
          /\*\*missed\*\*, 80 against 100 cycles\/s \(-20%\)/,
        ],
      },
    ],
    [
      'idle CPU or lock waits: missed',
      {
        given: [row(1, 8, 100, 50), row(1, 32, 120, 50), row(2, 8, 120, 70, 3)],
        want: [
          /1\.5x one process: \*\*missed\*\*, 120 cycles\/s against 100 \(1\.20x\); machine CPU 70%, 3\.0 sessions/,
          /\*\*met\*\*, 120 against 100 cycles\/s \(\+20%\)/,
        ],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const lines = scaleTargets(given);
    expect(lines).toHaveLength(want.length);
    for (const [index, pattern] of want.entries()) expect(lines[index]).toMatch(pattern);
  });
});

describe('writing the table into the docs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-scale-report-'));
  const file = join(dir, 'performance.md');

  it('replaces only what lies between the markers, again and again', () => {
    writeFileSync(file, `# Before\n${START_MARKER}\nold table\n${END_MARKER}\n# After\n`);
    writeIntoDocs(file, 'first');
    writeIntoDocs(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe(`# Before\n${START_MARKER}\nsecond\n${END_MARKER}\n# After\n`);
  });

  it('refuses a file without the markers and leaves it alone', () => {
    writeFileSync(file, '# No markers\n');
    expect(() => writeIntoDocs(file, 'table')).toThrowError(/lacks the <!-- bench:scale:start -->/);
    expect(readFileSync(file, 'utf8')).toBe('# No markers\n');
    rmSync(dir, { recursive: true, force: true });
  });
});
