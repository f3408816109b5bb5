import { matchOperation } from '@wsadmin/server-core';
import { baseScope } from './base-scope';
import type { WsadminMock } from './create-mock';
import { errmsgOf, requestLine } from './report/request-line';

/** The part of a Playwright request `routeMock` reads (`playwright`, `playwright-core` or `@playwright/test`). */
export interface RoutedRequest {
  url(): string;
  method(): string;
  headersArray(): Promise<Array<{ name: string; value: string }>>;
  /** Playwright's `Buffer`, read as the `Uint8Array` it is: these types compile without Node's. */
  postDataBuffer(): Uint8Array | null;
}

/** The part of a Playwright `Route` `routeMock` uses. */
export interface MockRoute {
  request(): RoutedRequest;
  fulfill(response: { status: number; headers: Record<string, string>; body: string }): Promise<void>;
  abort(errorCode?: string): Promise<void>;
}

/** A Playwright `Page` or `BrowserContext`: whatever has `route` and `unroute`. */
export interface RouteTarget {
  route(url: (url: URL) => boolean, handler: (route: MockRoute) => Promise<void>): Promise<unknown>;
  unroute(url: (url: URL) => boolean, handler?: (route: MockRoute) => Promise<void>): Promise<unknown>;
}

export interface RouteMockOptions {
  /**
   * Wraps the delivery of each answer to the browser, with a title naming the request and its
   * answer (`POST /openapi/v1/workspaces/ createWorkspace → 201 (3 ms)`): give it Playwright Test's
   * `test.step` and every API call shows as a step in the HTML report and the trace. The fixture of
   * `@wsadmin/mock/playwright` does.
   *
   * @example
   * await routeMock(page, mock, { step: (title, deliver) => test.step(title, deliver, { box: true }) });
   */
  step?: (title: string, deliver: () => Promise<void>) => Promise<void>;
}

/**
 * Answers a page's (or a whole browser context's) requests under the mock's base URL from the
 * mock in the test process: method, headers and body are forwarded, the answer is fulfilled as
 * the mock gave it, and a `network-error` override aborts the request. Nothing of the mock runs
 * in the page, and its state survives reloads and navigations. Cross-origin base URLs work:
 * Playwright answers the CORS preflight of a routed request and adds the CORS headers.
 *
 * Resolves, once the route is in place, with a function that removes it. Contract violations of
 * overrides are in `mock.violations` (the fixture of `@wsadmin/mock/playwright` fails the test on them).
 *
 * @example
 * const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] } });
 * await routeMock(page, mock);
 * await page.goto('/');
 */
export async function routeMock(
  target: RouteTarget,
  mock: WsadminMock,
  options: RouteMockOptions = {},
): Promise<() => Promise<void>> {
  const scope = baseScope(mock.baseUrl);
  const matches = (url: URL) => scope.pathOf(url) !== undefined;
  const handler = async (route: MockRoute) => {
    const request = await fetchRequestOf(route.request());
    const started = performance.now();
    const answer = await mock.respond(request);
    const durationMs = performance.now() - started;
    // Every answer of the service is JSON text (or empty).
    const body = answer.type === 'error' ? '' : await answer.text();
    const deliver =
      answer.type === 'error'
        ? () => route.abort('failed')
        : () => route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body });
    if (!options.step) return deliver();
    const path = scope.pathOf(new URL(request.url)) ?? request.url;
    const title = requestLine({
      method: request.method,
      path,
      operationId: matchOperation(request.method, path)?.operationId,
      // A network-error override: no status reached the page.
      status: answer.type === 'error' ? 0 : answer.status,
      errmsg: answer.type === 'error' ? 'network error (override)' : errmsgOf(body),
      durationMs,
    });
    await options.step(title, deliver);
  };
  await target.route(matches, handler);
  return async () => {
    await target.unroute(matches, handler);
  };
}

/** The browser's request as a fetch `Request`, as MSW would hand it to the mock. */
async function fetchRequestOf(request: RoutedRequest): Promise<Request> {
  const method = request.method();
  const headers = new Headers();
  for (const { name, value } of await request.headersArray()) {
    // HTTP/2 pseudo-headers (`:authority`, ...) are no headers of a fetch Request.
    if (!name.startsWith(':')) headers.append(name, value);
  }
  const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer();
  return new Request(request.url(), { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
}
