// A React page reading and writing through TanStack Query and `@wsadmin/sdk/query`; the MSW
// worker of @wsadmin/mock answers, running the reference server's own code in the browser.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MOCK_BASE_URL, MOCK_KEY, startMockWorker } from '@wsadmin/mock/browser';
import { createClient } from '@wsadmin/sdk';
import { createQueries } from '@wsadmin/sdk/query';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { demo } from './scenarios';

const q = createQueries(createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, retries: 0 }));
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const root = createRoot(document.getElementById('root') as HTMLElement);

root.render(<p role="status">Starting the mock…</p>);
startMockWorker(demo).then(
  () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <App q={q} />
      </QueryClientProvider>,
    ),
  (error: unknown) => root.render(<p role="status">Mock failed: {String(error)}</p>),
);
