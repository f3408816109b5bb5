// A production page: the SDK only; the mock is loaded in development alone, so the build leaves it out.
import { createClient } from '@wsadmin/sdk';

if (import.meta.env.DEV)
  await import('@wsadmin/mock/browser').then(({ startMockWorker }) => startMockWorker());
document.body.dataset.client = typeof createClient({ baseUrl: 'https://api.example', key: 'k' }).workspaces
  .list;
