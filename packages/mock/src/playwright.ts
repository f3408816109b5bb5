import {
  test as base,
  expect as baseExpect,
  type Expect,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { createMockWith, MOCK_BASE_URL, type MockOptions, type WsadminMock } from './create-mock';
import { mockMatchers } from './journal/matchers';
import { http } from './msw-http';
import type { MockContractError } from './overrides';
import { apiStep, attachToTest, wantsReport } from './report/fixture-report';
import { routeMock } from './route-mock';
import type { MockScenario } from './scenario';
import { type MockRejection, MockRejectionError } from './strict/rejection';

/** The fixture reports rejections itself, after each test: `reset()` need not. */
const FIXTURE = { strictByDefault: true, resetThrows: false };

export * from './index-node';
export {
  type MockRoute,
  type RoutedRequest,
  type RouteMockOptions,
  type RouteTarget,
  routeMock,
} from './route-mock';

/**
 * Playwright Test's `expect` with the journal's matchers: `expect(mock).toHaveReceived('createWorkspace',
 * { body: { name: 'Sales' } })`, `toHaveReceivedTimes`, `toHaveReceivedInOrder`, `toHaveReceivedNothingElse`.
 */
// The types are written out, from `@playwright/test`: inferred, the declarations would name them by
// the module that defines them (`playwright/test`, not a dependency of this package), and the build
// would copy Playwright's 2 MB of types into them, which the project's own `Locator` does not match.
export const expect: Expect<typeof mockMatchers> = baseExpect.extend(mockMatchers);

/** How the mock runs, apart from its scenario: `baseUrl`, `passwordIterations`, `onError`, ... */
export type MockRunOptions = Omit<MockOptions, keyof MockScenario>;

/** The fixtures `test` adds to Playwright Test's. */
export interface MockFixtures {
  /**
   * Where each test starts: `test.use({ mockScenario })` with a scenario of `defineScenario`
   * (seed, keys, overrides, startAt), the same one `setupMockServer` or `startMockWorker` takes.
   */
  mockScenario: MockScenario;
  /**
   * How the mock runs, typically once in `playwright.config.ts` (`use: { mockOptions: { baseUrl } }`).
   * A relative `baseUrl` (`'/'`, `'/api'`) is resolved against Playwright's `baseURL`.
   */
  mockOptions: MockRunOptions;
  /**
   * The mock answering every page of the test's browser context (through `routeMock`): arrange
   * with `mock.client` before `page.goto`, steer with `mock.override` and `mock.clock`, assert on
   * its state after. Set up for every test, used or not, and back at the scenario for each. A test
   * fails when an override answered outside the contract, the app failed unexpectedly, or (strict
   * mode, `mockOptions: { strict: false }` turns it off) the app sent a request the contract
   * refuses that the test did not declare (`mock.allowRejection`, the scenario's `allowRejections`).
   * Each API call is a step of the report and the trace; a failed test carries the mock's journal
   * (HAR and a summary) and the changes since the seed as attachments.
   */
  mock: WsadminMock;
}

interface KeptMock {
  options: MockRunOptions;
  baseUrl: string;
  mock: WsadminMock;
  problems: Problems;
}

interface MockWorkerFixtures {
  /** This worker's mocks by scenario: a later test with the same scenario and options resets one (a millisecond) instead of seeding anew. */
  wsadminMocks: Map<MockScenario, KeptMock>;
}

interface Problems {
  violations: MockContractError[];
  errors: unknown[];
  rejections: MockRejection[];
}

/**
 * Playwright Test's `test` with the mock as a fixture. The mock runs in the test process, not in
 * the page: no service worker, no mock code in the build under test, state that survives reloads.
 *
 * @example
 * import { expect, test } from '@wsadmin/mock/playwright';
 *
 * test.use({ mockScenario: { seed: { workspaces: [{ name: 'Sales' }] } } });
 *
 * test('lists the seeded workspaces', async ({ page, mock }) => {
 *   await mock.client.call('createWorkspace', { body: { name: 'Made by the test' } });
 *   await page.goto('/');
 *   await expect(page.getByRole('listitem')).toHaveText(['Sales', 'Made by the test']);
 * });
 */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & MockFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & MockWorkerFixtures
> = base.extend<MockFixtures, MockWorkerFixtures>({
  mockScenario: [{}, { option: true }],
  mockOptions: [{}, { option: true }],
  wsadminMocks: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const mocks: MockWorkerFixtures['wsadminMocks'] = new Map();
      await use(mocks);
      for (const { mock } of mocks.values()) await mock.close();
    },
    { scope: 'worker' },
  ],
  mock: [
    async ({ mockScenario, mockOptions, context, baseURL, wsadminMocks }, use, testInfo) => {
      const baseUrl = new URL(mockOptions.baseUrl ?? MOCK_BASE_URL, baseURL).href;
      let kept = wsadminMocks.get(mockScenario);
      if (kept && kept.options === mockOptions && kept.baseUrl === baseUrl) {
        kept.problems.violations.length = 0;
        kept.problems.errors.length = 0;
        kept.problems.rejections.length = 0;
        await kept.mock.reset();
      } else {
        await kept?.mock.close();
        kept = startMock(mockScenario, mockOptions, baseUrl);
        wsadminMocks.set(mockScenario, kept);
        await kept.mock.ready();
      }
      const unroute = await routeMock(context, kept.mock, { step: apiStep });
      await use(kept.mock);
      await unroute();
      const failing = hasProblems(kept.problems);
      if (wantsReport(testInfo, failing)) await attachToTest(testInfo, kept.mock);
      failOnProblems(kept.problems);
    },
    { auto: true },
  ],
});

/** A mock that records, besides reporting them as asked, what must fail the test. */
function startMock(scenario: MockScenario, options: MockRunOptions, baseUrl: string): KeptMock {
  const problems: Problems = { violations: [], errors: [], rejections: [] };
  const strict = options.strict ?? true;
  const mock = createMockWith(
    http,
    {
      ...options,
      ...scenario,
      baseUrl,
      onError: (error) => {
        problems.errors.push(error);
        (options.onError ?? console.error)(error);
      },
      onContractViolation: (error) => {
        problems.violations.push(error);
        options.onContractViolation?.(error);
      },
      onRejection: (rejection) => {
        if (strict) problems.rejections.push(rejection);
        options.onRejection?.(rejection);
      },
    },
    [],
    FIXTURE,
  );
  return { options, baseUrl, mock, problems };
}

function hasProblems({ violations, errors, rejections }: Problems): boolean {
  return violations.length + errors.length + rejections.length > 0;
}

function failOnProblems({ violations, errors, rejections }: Problems): void {
  const found = [
    ...violations.map((violation) => violation.message),
    ...errors.map((error) => `unexpected error of the app (answered 500): ${String(error)}`),
  ];
  if (found.length > 0)
    throw new Error(`the wsadmin mock answered outside the contract:\n- ${found.join('\n- ')}`);
  if (rejections.length > 0) throw new MockRejectionError([...rejections]);
}
