// The pages of packages/mock/src/vite.browser.test.ts; `?case=` picks what the page does.
import { createMock, MOCK_BASE_URL, MOCK_KEY, startMockWorker } from '@wsadmin/mock/browser';
import { HttpResponse, http } from 'msw';
import { setupWorker } from 'msw/browser';

const report = (result: unknown) => {
  document.body.dataset.result = JSON.stringify(result);
};
const names = async () => {
  const response = await fetch(`${MOCK_BASE_URL}/openapi/v1/workspaces/`, {
    headers: { authorization: `Bearer ${MOCK_KEY}` },
  });
  const body = (await response.json()) as { errcode: number; errmsg: string; data?: Array<{ name: string }> };
  return body.data ? body.data.map((workspace) => workspace.name) : `${body.errcode}: ${body.errmsg}`;
};

const cases: Record<string, () => Promise<unknown>> = {
  // The project's own handler and the mock's in one setupWorker; createMock without options.
  async 'own-worker'() {
    const mock = createMock({ seed: { workspaces: [{ name: 'In my own worker' }] } });
    const worker = setupWorker(
      http.get('/own/', () => HttpResponse.json({ own: true })),
      ...mock.handlers,
    );
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
    return { own: await (await fetch('/own/')).json(), names: await names() };
  },
  // A worker that fails every request no handler takes: the mock's own WebAssembly fetch passes.
  async 'strict-worker'() {
    const mock = createMock({ seed: { workspaces: [{ name: 'Strict' }] } });
    const worker = setupWorker(...mock.handlers);
    await worker.start({ quiet: true, onUnhandledRequest: 'error' });
    return { names: await names() };
  },
  async 'start-worker'() {
    await startMockWorker({ seed: { workspaces: [{ name: 'Started' }] } });
    return { names: await names() };
  },
  async 'wrong-wasm-url'() {
    const mock = createMock({ sqlWasmUrl: '/no-such/sql-wasm-browser.wasm' });
    const error = await mock.ready().then(
      () => 'started',
      (problem: unknown) => String(problem),
    );
    return { error };
  },
};

const chosen = cases[new URLSearchParams(location.search).get('case') ?? ''];
if (chosen) chosen().then(report, (error: unknown) => report({ error: String(error) }));
