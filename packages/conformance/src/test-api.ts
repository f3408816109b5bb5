/**
 * The test functions the scenario files use: `describe`, `it` (with `it.each`) and `expect`,
 * delegating to the host's (vitest's, Jest's, or the CLI's own runner) given to `runConformance`.
 * Nothing here imports a test framework, so the suite loads under any of them.
 */

/** What a matcher chain offers the scenarios; vitest's and Jest's `expect` both fit. */
export interface Matchers {
  toBe(expected: unknown): unknown;
  toEqual(expected: unknown): unknown;
  toContain(expected: unknown): unknown;
  toMatch(expected: string | RegExp): unknown;
  toMatchObject(expected: object): unknown;
  toHaveLength(length: number): unknown;
  toHaveProperty(path: string | string[], value?: unknown): unknown;
  toBeGreaterThan(value: number): unknown;
  toBeGreaterThanOrEqual(value: number): unknown;
  toBeLessThan(value: number): unknown;
  toBeNull(): unknown;
  toBeUndefined(): unknown;
  not: Matchers;
}

/** `expect` as the scenarios call it; an optional message prefixes a failure. */
export interface Expect {
  (actual: unknown, message?: string): Matchers;
  any(type: unknown): unknown;
  arrayContaining(items: readonly unknown[]): unknown;
  objectContaining(object: Record<string, unknown>): unknown;
  stringMatching(pattern: string | RegExp): unknown;
}

/**
 * The host's test functions, e.g. `{ describe, it, expect, afterAll }` imported from vitest or
 * `@jest/globals` (or Jest's globals). `afterAll`, when given, prints which tests were not run.
 */
export interface TestHost {
  describe(name: string, body: () => void): void;
  it(name: string, test: () => unknown, timeout?: number): void;
  expect: Expect;
  afterAll?(hook: () => unknown): void;
}

/** Thrown by a capability the target lacks: the test is not run (skipped), with this reason. */
export class NotRunError extends Error {
  override name = 'NotRunError';
}

/** A test that was not run, and why. */
export interface NotRun {
  test: string;
  reason: string;
}

let host: TestHost | undefined;
let notRun: NotRun[] = [];
/** The enclosing describes' titles and timeout, as of the call (a host may run describe bodies later). */
let scope: { titles: readonly string[]; timeout: number | undefined } = { titles: [], timeout: undefined };

/** Registers through `registering` with `testHost`'s functions; returns what was not run (filled as tests run). */
export function withTestHost(testHost: TestHost, registering: () => void): NotRun[] {
  host = testHost;
  notRun = [];
  const mine = notRun;
  registering();
  return mine;
}

function current(): TestHost {
  if (!host) throw new Error('the conformance suite runs through runConformance(target, host)');
  return host;
}

export function describe(name: string, body: () => void): void;
export function describe(name: string, options: { timeout?: number }, body: () => void): void;
export function describe(
  name: string,
  second: { timeout?: number } | (() => void),
  third?: () => void,
): void {
  const body = typeof second === 'function' ? second : (third ?? (() => {}));
  const timeout = typeof second === 'function' ? undefined : second.timeout;
  const outer = scope;
  current().describe(name, () => {
    const saved = scope;
    scope = { titles: [...outer.titles, name], timeout: timeout ?? outer.timeout };
    try {
      body();
    } finally {
      scope = saved;
    }
  });
}

type Row = unknown;

function register(name: string, test: () => unknown, timeout: number | undefined): void {
  const testHost = current();
  const recorded = notRun;
  const fullName = [...scope.titles, name].join(' > ');
  const limit = timeout ?? scope.timeout;
  // Rest parameters: Jest reads a declared parameter as a `done` callback; vitest passes its context.
  const run = async (...hostArgs: unknown[]) => {
    try {
      await test();
    } catch (error) {
      if (!(error instanceof NotRunError)) throw error;
      recorded.push({ test: fullName, reason: error.message });
      const context = hostArgs[0] as { skip?: (note?: string) => void } | undefined;
      if (typeof context?.skip === 'function') context.skip(error.message);
    }
  };
  if (limit === undefined) testHost.it(name, run);
  else testHost.it(name, run, limit);
}

/** `printf`-style titles of `it.each`, as vitest and Jest format them: %s %d %i %j %o %#, and $name of an object row. */
export function titleOf(template: string, row: Row, index: number): string {
  const values: unknown[] = Array.isArray(row) ? [...row] : [row];
  let title = template.replace(/%([sdijo#%])/g, (match, kind: string) => {
    if (kind === '%') return '%';
    if (kind === '#') return String(index);
    if (values.length === 0) return match;
    const value = values.shift();
    if (kind === 'd' || kind === 'i') return String(kind === 'i' ? Math.trunc(Number(value)) : Number(value));
    if (kind === 'j' || kind === 'o') return JSON.stringify(value);
    return typeof value === 'string' ? value : formatValue(value);
  });
  if (!Array.isArray(row) && row !== null && typeof row === 'object') {
    title = title.replace(/\$([\w.]+)/g, (match, path: string) => {
      const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], row);
      return value === undefined ? match : formatValue(value);
    });
  }
  return title;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'function') return value.name || 'function';
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

type EachTest<Args extends readonly unknown[]> = (
  name: string,
  test: (...args: Args) => unknown,
  timeout?: number,
) => void;

/** `it`, and `it.each` typed as vitest types it: rows of tuples spread, other rows passed whole. */
export interface ScenarioIt {
  (name: string, test: () => unknown, timeout?: number): void;
  each<T extends unknown[] | [unknown]>(cases: readonly T[]): EachTest<T>;
  each<T extends readonly unknown[]>(cases: readonly T[]): EachTest<[...T]>;
  each<T>(cases: readonly T[]): EachTest<[T]>;
}

/** A test; a row table through `it.each`, each row a test of its own (titled as vitest and Jest title them). */
export const it: ScenarioIt = Object.assign(
  (name: string, test: () => unknown, timeout?: number) => register(name, test, timeout),
  {
    each:
      (cases: readonly Row[]) => (name: string, test: (...args: unknown[]) => unknown, timeout?: number) => {
        cases.forEach((row, index) => {
          const args: unknown[] = Array.isArray(row) ? row : [row];
          register(titleOf(name, row, index), () => test(...args), timeout);
        });
      },
  },
);

/** Wraps the matchers so that a failure names `message` first (Jest's `expect` takes no message). */
function withMessage(matchers: Matchers, message: string): Matchers {
  return new Proxy(matchers, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'not') return withMessage(value as Matchers, message);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          return value.apply(target, args);
        } catch (error) {
          if (error instanceof Error) error.message = `${message}\n\n${error.message}`;
          throw error;
        }
      };
    },
  });
}

/** The host's `expect`, looked up when called. */
export const expect: Expect = Object.assign(
  (actual: unknown, message?: string): Matchers => {
    const matchers = current().expect(actual);
    return message === undefined ? matchers : withMessage(matchers, message);
  },
  {
    any: (type: unknown) => current().expect.any(type),
    arrayContaining: (items: readonly unknown[]) => current().expect.arrayContaining(items),
    objectContaining: (object: Record<string, unknown>) => current().expect.objectContaining(object),
    stringMatching: (pattern: string | RegExp) => current().expect.stringMatching(pattern),
  },
);
