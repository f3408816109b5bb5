import { test as base, expect as baseExpect, type TestInfo } from '@playwright/test';
import { MOCK_BASE_URL, type MockOptions, type WsadminMock } from './create-mock';
import { createMock } from './index-node';
import { mockMatchers } from './journal/matchers';
import type { MockContractError } from './overrides';
import { attachMockReport } from './report/attach';
import { routeMock } from './route-mock';
import type { MockScenario } from './scenario';

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
export const expect = baseExpect.extend(mockMatchers);

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
   * fails when an override answered outside the contract or the app failed unexpectedly. Each API
   * call is a step of the report and the trace; a failed test carries the mock's journal (HAR and a
   * summary) and the changes since the seed as attachments.
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
export const test = base.extend<MockFixtures, MockWorkerFixtures>({
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
      const problems = problemsOf(kept.problems);
      if (problems.length > 0 || failed(testInfo))
        await attachMockReport(testInfo.attach.bind(testInfo), kept.mock);
      if (problems.length > 0)
        throw new Error(`the wsadmin mock answered outside the contract:\n- ${problems.join('\n- ')}`);
    },
    { auto: true },
  ],
});

/** A mock that records, besides reporting them as asked, what must fail the test. */
function startMock(scenario: MockScenario, options: MockRunOptions, baseUrl: string): KeptMock {
  const problems: Problems = { violations: [], errors: [] };
  const mock = createMock({
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
  });
  return { options, baseUrl, mock, problems };
}

function problemsOf({ violations, errors }: Problems): string[] {
  return [
    ...violations.map((violation) => violation.message),
    ...errors.map((error) => `unexpected error of the app (answered 500): ${String(error)}`),
  ];
}

/**
 * Whether the report gets the mock's attachments: the test failed (a `test.fail()` test too, whose
 * failure is expected: that is where one looks at its traffic), or did not end as expected.
 */
function failed(testInfo: TestInfo): boolean {
  const { status, expectedStatus } = testInfo;
  return status !== expectedStatus || (status !== 'passed' && status !== 'skipped');
}

/**
 * An API call as a step of the report and the trace. Called from the route handler, outside the
 * test's own steps: Playwright puts it at the top level of the test (or of the fixture step that
 * is running), in the order of the calls. Outside a test (a request after it ended) no step is made.
 */
function apiStep(title: string, deliver: () => Promise<void>): Promise<void> {
  try {
    base.info();
  } catch {
    return deliver();
  }
  return base.step(title, deliver, { box: true });
}
