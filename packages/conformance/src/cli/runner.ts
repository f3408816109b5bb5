import type { TestHost } from '../test-api';

/**
 * The command's own test runner: the host functions `runConformance` registers with, then every
 * test in order, one at a time (the scenarios share one server). A test's outcome: passed, failed
 * with its error, or not run with the reason its context's `skip` gave.
 */

export interface Outcome {
  /** The top-level describe: the suite's group. */
  group: string;
  /** Describe titles and the test's own, joined with ` > `. */
  name: string;
  status: 'passed' | 'failed' | 'not run';
  /** The error's message, or why the test was not run. */
  detail?: string;
  /** When the test started (epoch milliseconds) and how long it ran (milliseconds). */
  startedAt: number;
  durationMs: number;
}

/** What the runner tells as it goes: each test before it runs, each outcome after. */
export interface RunListener {
  onStart?(test: { group: string; name: string; index: number }): void;
  onOutcome?(outcome: Outcome): void;
}

interface Test {
  path: readonly string[];
  run: (context: { skip: (reason?: string) => never }) => unknown;
  timeout: number;
}

class Skipped extends Error {}

export function collectingHost(expect: TestHost['expect'], defaultTimeout = 60_000) {
  const tests: Test[] = [];
  const afterAll: Array<() => unknown> = [];
  let path: string[] = [];
  const host: TestHost = {
    describe(name, body) {
      const outer = path;
      path = [...outer, name];
      try {
        body();
      } finally {
        path = outer;
      }
    },
    it(name, test, timeout) {
      tests.push({ path: [...path, name], run: test as Test['run'], timeout: timeout ?? defaultTimeout });
    },
    expect,
    afterAll: (hook) => {
      afterAll.push(hook);
    },
  };

  async function runAll(listener: RunListener = {}): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const [index, test] of tests.entries()) {
      listener.onStart?.({ group: test.path[0] ?? '', name: test.path.join(' > '), index });
      const outcome = await runOne(test);
      outcomes.push(outcome);
      listener.onOutcome?.(outcome);
    }
    for (const hook of afterAll) await hook();
    return outcomes;
  }

  return { host, runAll, count: () => tests.length };
}

async function runOne(test: Test): Promise<Outcome> {
  const startedAt = Date.now();
  const started = performance.now();
  const ended = () => ({
    group: test.path[0] ?? '',
    name: test.path.join(' > '),
    startedAt,
    durationMs: performance.now() - started,
  });
  const context = {
    skip: (reason?: string): never => {
      throw new Skipped(reason ?? 'skipped');
    },
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${test.timeout} ms`)), test.timeout);
  });
  try {
    await Promise.race([Promise.resolve().then(() => test.run(context)), timeout]);
    return { ...ended(), status: 'passed' };
  } catch (error) {
    if (error instanceof Skipped) return { ...ended(), status: 'not run', detail: error.message };
    return { ...ended(), status: 'failed', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
