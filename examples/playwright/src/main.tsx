// The React + TanStack Query app of examples/react-query, built as for production: no mock in the
// page. It calls the API its build was configured with; in the Playwright tests, the mock in the
// test process answers that URL (@wsadmin/mock/playwright).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createClient } from '@wsadmin/sdk';
import { createQueries } from '@wsadmin/sdk/query';
import { createRoot } from 'react-dom/client';
import { App } from '../../react-query/src/app';

const client = createClient({
  baseUrl: import.meta.env.VITE_WSADMIN_URL,
  key: import.meta.env.VITE_WSADMIN_KEY,
  retries: 0,
});
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={queryClient}>
    <App q={createQueries(client)} />
  </QueryClientProvider>,
);
