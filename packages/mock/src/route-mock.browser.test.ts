import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../testing/chromium';
import { createMock, MOCK_KEY } from './node';
import { routeMock } from './route-mock';

// The page lives on one origin and the mocked API on another: every call with an Authorization
// header is a CORS request with a preflight, as against a real API host.
const PAGE = 'http://app.example.test/';
const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] } });

/** What a page's fetch gave: status and envelope, or the error it threw. */
type Outcome =
  | { status: number; body: { errcode: number; errmsg: string; data?: unknown } }
  | { thrown: string };

function call(page: Page, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  return page.evaluate(
    async ({ url, method, body, key }) => {
      try {
        const response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: await response.json() };
      } catch (error) {
        return { thrown: String(error) };
      }
    },
    {
      url: `${mock.baseUrl}/openapi/v1${path}`,
      method: init.method ?? 'GET',
      body: init.body,
      key: init.key ?? MOCK_KEY,
    },
  ) as Promise<Outcome>;
}

describe('routeMock: a page answered by a mock in the test process', () => {
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let unroute: () => Promise<void>;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext();
    // The page itself, from no server at all.
    await context.route(PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }),
    );
    unroute = await routeMock(context, mock);
    page = await context.newPage();
    await page.goto(PAGE);
  });

  beforeEach(() => mock.reset());

  afterAll(async () => {
    await browser?.close();
    await mock.close();
  });

  it('answers a cross-origin GET with its Authorization header, preflight included', async () => {
    expect(await call(page, '/workspaces/')).toMatchObject({
      status: 200,
      body: { errcode: 200, data: [{ id: 1, name: 'Sales' }] },
    });
  });

  it('forwards method, headers and body: a POST writes, a wrong key is refused', async () => {
    expect(
      await call(page, '/workspaces/', { method: 'POST', body: { name: 'From the page' } }),
    ).toMatchObject({
      status: 200,
      body: { data: { id: 2, name: 'From the page' } },
    });
    const names = (await mock.client.call('listWorkspaces')).map((workspace) => workspace.name);
    expect(names).toEqual(['Sales', 'From the page']);
    expect(await call(page, '/workspaces/', { key: 'wsk_wrong' })).toMatchObject({
      status: 401,
      body: { errcode: 401 },
    });
    expect(await call(page, '/workspaces/', { method: 'POST', body: { name: 7 } })).toMatchObject({
      status: 400,
      body: { errmsg: expect.stringContaining('name') },
    });
  });

  it('answers overrides: an error envelope once, then the app again', async () => {
    mock.override(
      'getWorkspace',
      { errcode: 503, errmsg: 'maintenance', data: { reason: 'unavailable' } },
      { times: 1 },
    );
    expect(await call(page, '/workspaces/1/')).toMatchObject({
      status: 503,
      body: { errmsg: 'maintenance' },
    });
    expect(await call(page, '/workspaces/1/')).toMatchObject({
      status: 200,
      body: { data: { name: 'Sales' } },
    });
  });

  it('aborts the request on a network-error override: the page sees a failed fetch', async () => {
    mock.override('listWorkspaces', 'network-error');
    const outcome = await call(page, '/workspaces/');
    expect(outcome).toEqual({ thrown: expect.stringMatching(/TypeError: Failed to fetch/) });
  });

  it('keeps the state across reloads: the mock is not in the page', async () => {
    await mock.client.call('createWorkspace', { body: { name: 'Before reload' } });
    await page.reload();
    const outcome = await call(page, '/workspaces/');
    expect(outcome).toMatchObject({ body: { data: [{ name: 'Sales' }, { name: 'Before reload' }] } });
  });

  it('moves with the mock clock: a key expires for the page', async () => {
    const secret = await mock.createKey({
      expiresAt: new Date(mock.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(await call(page, '/scopes/', { key: secret })).toMatchObject({ status: 200 });
    mock.clock.advance(120);
    expect(await call(page, '/scopes/', { key: secret })).toMatchObject({ status: 401 });
  });

  it('leaves other URLs alone, and stops answering once unrouted', async () => {
    const other = await page.evaluate(() =>
      fetch('https://elsewhere.example.test/openapi/v1/workspaces/').then(
        (response) => `status ${response.status}`,
        (error: unknown) => String(error),
      ),
    );
    expect(other).toMatch(/TypeError: Failed to fetch/);
    await unroute();
    expect(await call(page, '/workspaces/')).toEqual({
      thrown: expect.stringMatching(/TypeError: Failed to fetch/),
    });
    unroute = await routeMock(context, mock);
    expect(await call(page, '/workspaces/')).toMatchObject({ status: 200 });
  });
});
