import { test as base } from '@playwright/test';
import { createMock, MOCK_BASE_URL, type MockOptions, type WsadminMock } from './create-mock';
import type { MockContractError } from './overrides';
import { routeMock } from './route-mock';

export { expect } from '@playwright/test';
export * from './index';
export { type MockRoute, type RoutedRequest, type RouteTarget, routeMock } from './route-mock';

/** The fixtures `test` adds to Playwright Test's. */
export interface MockFixtures {
  /**
   * The mock's scenario and options, set with `test.use({ mockOptions: { seed, keys, overrides, startAt } })`.
   * A relative `baseUrl` (`'/'`, `'/api'`) is resolved against Playwright's `baseURL`.
   */
  mockOptions: MockOptions;
  /**
   * The mock answering every page of the test's browser context (through `routeMock`): arrange
   * with `mock.client` before `page.goto`, steer with `mock.override` and `mock.clock`, assert on
   * its state after. Set up for every test, used or not; it starts from the scenario each time.
   * A test fails when an override answered outside the contract or the app failed unexpectedly.
   */
  mock: WsadminMock;
}

interface MockWorkerFixtures {
  /** Mocks of this worker by their options object: a later test with the same options resets one. */
  wsadminMocks: Map<MockOptions, { baseUrl: string; mock: WsadminMock; problems: Problems }>;
}

interface Problems {
  violations: MockContractError[];
  errors: unknown[];
}

/**
 * Playwright Test's `test` with the mock as a fixture. The mock runs in the test process, not in
 * the page: no service worker, no mock code in the build under test.
 *
 * @example
 * import { expect, test } from '@wsadmin/mock/playwright';
 *
 * test.use({ mockOptions: { seed: { workspaces: [{ name: 'Sales' }] } } });
 *
 * test('lists the seeded workspaces', async ({ page, mock }) => {
 *   await mock.client.call('createWorkspace', { body: { name: 'Made by the test' } });
 *   await page.goto('/');
 *   await expect(page.getByRole('listitem')).toHaveText(['Sales', 'Made by the test']);
 * });
 */
export const test = base.extend<MockFixtures, MockWorkerFixtures>({
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
    async ({ mockOptions, context, baseURL, wsadminMocks }, use) => {
      const baseUrl = new URL(mockOptions.baseUrl ?? MOCK_BASE_URL, baseURL).href;
      let kept = wsadminMocks.get(mockOptions);
      if (kept && kept.baseUrl === baseUrl) {
        kept.problems.violations.length = 0;
        kept.problems.errors.length = 0;
        await kept.mock.reset();
      } else {
        await kept?.mock.close();
        const problems: Problems = { violations: [], errors: [] };
        const mock = createMock({
          ...mockOptions,
          baseUrl,
          onError: (error) => {
            problems.errors.push(error);
            (mockOptions.onError ?? console.error)(error);
          },
          onContractViolation: (error) => {
            problems.violations.push(error);
            mockOptions.onContractViolation?.(error);
          },
        });
        kept = { baseUrl, mock, problems };
        wsadminMocks.set(mockOptions, kept);
        await mock.ready();
      }
      const unroute = await routeMock(context, kept.mock);
      await use(kept.mock);
      await unroute();
      failOnProblems(kept.problems);
    },
    { auto: true },
  ],
});

function failOnProblems({ violations, errors }: Problems): void {
  const found = [
    ...violations.map((violation) => violation.message),
    ...errors.map((error) => `unexpected error of the app (answered 500): ${String(error)}`),
  ];
  if (found.length > 0)
    throw new Error(`the wsadmin mock answered outside the contract:\n- ${found.join('\n- ')}`);
}
