import { describe, expect, it } from 'vitest';
import { progressOn } from './progress';
import type { Outcome } from './runner';

const CLEAR = '\r\x1b[2K';

/** A stream that keeps what was written, and a clock moved by hand. */
function recording(columns?: number) {
  const writes: string[] = [];
  let now = 0;
  return {
    stream: { write: (text: string) => writes.push(text), ...(columns === undefined ? {} : { columns }) },
    writes,
    clock: () => now,
    pass: (ms: number) => {
      now += ms;
    },
  };
}

const outcome = (group: string, status: Outcome['status']): Outcome => ({
  group,
  name: `${group} > t`,
  status,
  startedAt: 0,
  durationMs: 1,
});

/** Runs tests of these groups and statuses through the progress, as the runner calls it. */
function run(
  progress: ReturnType<typeof progressOn>,
  tests: Array<[string, Outcome['status']]>,
  pass = () => {},
) {
  for (const [index, [group, status]] of tests.entries()) {
    progress.onStart({ group, index });
    pass();
    progress.onOutcome(outcome(group, status));
  }
}

describe('progress on stderr', () => {
  const tests: Array<[string, Outcome['status']]> = [
    ['alpha', 'passed'],
    ['alpha', 'failed'],
    ['beta', 'not run'],
    ['beta', 'passed'],
  ];

  it('lines: one line per group when it ends, the last one at the finish, each ending in a newline', () => {
    const out = recording();
    const progress = progressOn('lines', out.stream, 4, out.clock);
    run(progress, tests, () => out.pass(250));
    expect(out.writes).toEqual([
      'wsadmin-conformance: alpha: 1 passed, 1 failed, 0 not run (2/4 tests, 0.5 s)\n',
    ]);
    progress.finish();
    expect(out.writes.slice(1)).toEqual([
      'wsadmin-conformance: beta: 1 passed, 0 failed, 1 not run (4/4 tests, 0.5 s)\n',
    ]);
  });

  it('live: one line rewritten in place with the count, the group and the failures so far; cleared at the finish', () => {
    const out = recording();
    const progress = progressOn('live', out.stream, 4, out.clock);
    run(progress, tests);
    progress.finish();
    expect(out.writes).toEqual([
      `${CLEAR}wsadmin-conformance: 0/4 alpha`,
      `${CLEAR}wsadmin-conformance: 1/4 alpha`,
      `${CLEAR}wsadmin-conformance: 2/4 alpha, 1 failed so far`,
      `${CLEAR}wsadmin-conformance: 2/4 beta, 1 failed so far`,
      `${CLEAR}wsadmin-conformance: 3/4 beta, 1 failed so far`,
      CLEAR,
    ]);
    expect(out.writes.join('')).not.toContain('\n');
  });

  it('live: output written above the line (a failure) clears it first and redraws it after', () => {
    const out = recording();
    const progress = progressOn('live', out.stream, 2, out.clock);
    progress.onStart({ group: 'alpha', index: 0 });
    progress.above(() => out.writes.push('FAIL alpha > t\n'));
    expect(out.writes).toEqual([
      `${CLEAR}wsadmin-conformance: 0/2 alpha`,
      CLEAR,
      'FAIL alpha > t\n',
      `${CLEAR}wsadmin-conformance: 0/2 alpha`,
    ]);
  });

  it('live: a line wider than the terminal is cut to fit, so \\r rewrites all of it', () => {
    const out = recording(30);
    const progress = progressOn('live', out.stream, 400, out.clock);
    progress.onStart({ group: 'management-concurrency', index: 0 });
    expect(out.writes).toEqual([`${CLEAR}wsadmin-conformance: 0/400 m…`]);
    expect(out.writes[0]?.length).toBe(CLEAR.length + 29);
  });

  it('none: writes nothing; above still writes what it is given', () => {
    const out = recording();
    const progress = progressOn('none', out.stream, 4, out.clock);
    run(progress, tests);
    progress.above(() => out.writes.push('FAIL\n'));
    progress.finish();
    expect(out.writes).toEqual(['FAIL\n']);
  });
});
