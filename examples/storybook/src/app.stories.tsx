import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MOCK_BASE_URL, MOCK_KEY, type WsadminMock } from '@wsadmin/mock/browser';
import { mockStory } from '@wsadmin/mock/storybook';
import { createClient } from '@wsadmin/sdk';
import { createQueries } from '@wsadmin/sdk/query';
import { App } from '../../react-query/src/app';
import { demo, listOutage } from '../../react-query/src/scenarios';

const q = createQueries(createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 }));

const meta = {
  title: 'App',
  component: App,
  args: { q },
  // A query cache per render: nothing one story read shows in the next.
  loaders: [
    async () => ({ queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }),
  ],
  decorators: [
    (Story, { loaded }) => (
      <QueryClientProvider client={loaded.queryClient as QueryClient}>
        <Story />
      </QueryClientProvider>
    ),
  ],
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

// Each story starts its own mock from a scenario (the ones the app's page and Playwright tests use).
export const Demo: Story = { beforeEach: mockStory(demo) };
export const ListOutage: Story = { beforeEach: mockStory(listOutage) };
export const Empty: Story = { beforeEach: mockStory({}) };

// A story that sends a request the contract refuses on purpose declares it: strict mode (on in
// mockStory) would otherwise log it and throw at the story's cleanup.
let refusing: WsadminMock | undefined;
export const RefusedCreate: Story = {
  beforeEach: mockStory({ ...demo, allowRejections: ['createWorkspace'] }, (mock) => {
    refusing = mock;
  }),
  play: async () => {
    const response = await fetch(`${MOCK_BASE_URL}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Sales' }),
    });
    if (response.status !== 400) throw new Error(`expected the contract's 400, got ${response.status}`);
    // Fails the play function on any rejection the story did not declare.
    refusing?.assertNoRejections();
    document.body.dataset.refusedCreate = String(response.status);
  },
};
