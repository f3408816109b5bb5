import type { RequestHandler } from 'msw';
import type { MockOptions, WsadminMock } from './create-mock';
import { createPageMock } from './page-mock';
import { TEST_TOOL } from './strict/test-hooks';

/** What msw-storybook-addon 3 puts on a story's context: its worker's `use`. */
export interface StoryMsw {
  use(...handlers: RequestHandler[]): void;
}

/** The part of a Storybook story context `mockStory` reads. */
export interface MockStoryContext {
  msw?: StoryMsw;
}

/**
 * A story's `beforeEach` (Storybook 10 with msw-storybook-addon 3, CSF 3 or CSF Next): a mock of
 * its own for each render of the story, started from `scenario` (the same one `createMock`, the
 * Playwright fixture and `startMockWorker` take) and handed to the addon's worker; the story's
 * writes stay in it, and the next story starts fresh. `onMock` receives the mock, e.g. to keep it
 * for a play function.
 *
 * Strict by default: a request the contract refuses that the story did not declare (the scenario's
 * `allowRejections`, `mock.allowRejection`) is logged with `console.error` when it happens, and the
 * story's cleanup throws it (when the story is left, or its test ends); a play function may call
 * `mock.assertNoRejections()` to fail at once.
 *
 * @example
 * export const Demo: Story = { beforeEach: mockStory(demo) };
 */
export function mockStory(
  scenario: MockOptions = {},
  onMock?: (mock: WsadminMock) => void,
): (context: object) => Promise<() => Promise<void>> {
  // `object`: Storybook's StoryContext has `msw` only where the addon's types are loaded.
  return async (context) => {
    const { msw } = context as MockStoryContext;
    if (!msw)
      throw new Error(
        "mockStory: the story context has no msw: add 'msw-storybook-addon' to the addons of .storybook/main (CSF Next: addonMsw() in definePreview)",
      );
    const mock = createPageMock(scenario, TEST_TOOL);
    // Before ready(): the mock's WebAssembly is fetched there, through the worker.
    msw.use(...mock.handlers);
    await mock.ready();
    onMock?.(mock);
    return async () => {
      await mock.close();
      if (scenario.strict ?? true) mock.assertNoRejections();
    };
  };
}
