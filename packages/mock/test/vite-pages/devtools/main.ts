// The page of packages/mock/src/page/devtools.browser.test.ts: `?case=` picks how the mock starts;
// the page then makes its calls and reports, and the test reads the console and the window handle.
import { defineScenario, MOCK_BASE_URL, MOCK_KEY, startMockWorker } from '@wsadmin/mock/browser';

const scenario = defineScenario({
  seed: {
    workspaces: [{ name: 'Demo', dimensions: [{ type: 'string', format: 'text', names: ['region'] }] }],
  },
  keys: [{ secret: 'wsk_reader', permissions: ['workspace'] }],
  overrides: { getWorkspace: { override: { errcode: 503, errmsg: 'maintenance' }, times: 1 } },
  startAt: '2030-01-01T00:00:00.000Z',
});

const api = `${MOCK_BASE_URL}/openapi/v1`;
const send = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${api}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return response.status;
};

/** Three calls: a list, a create, and a create the contract refuses. */
const calls = async () => [
  await send('/workspaces/'),
  await send('/workspaces/', { method: 'POST', body: { name: 'Sales' } }),
  await send('/workspaces/', { method: 'POST', body: { title: 'Sales' } }),
];

const cases: Record<string, () => Promise<unknown>> = {
  async logged() {
    await startMockWorker({ ...scenario, exposeOnWindow: false });
    return { statuses: await calls() };
  },
  async quiet() {
    await startMockWorker({ ...scenario, quiet: true, exposeOnWindow: false });
    return { statuses: await calls() };
  },
  /** As a development page starts it: no option, the build decides. */
  async default() {
    await startMockWorker({ ...scenario, quiet: true });
    return { statuses: await calls() };
  },
  async exposed() {
    await startMockWorker({ ...scenario, quiet: true, exposeOnWindow: true });
    return { statuses: await calls() };
  },
};

const chosen = cases[new URLSearchParams(location.search).get('case') ?? ''];
if (chosen)
  chosen().then(
    (result) => {
      document.body.dataset.result = JSON.stringify(result);
    },
    (error: unknown) => {
      document.body.dataset.result = JSON.stringify({ error: String(error) });
    },
  );
