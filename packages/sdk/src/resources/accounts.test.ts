import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { fail, ok, recorder, testClient } from '../test-helpers';

const entries = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `Workspace ${from + i}`,
    desc: '',
    owner: null,
    locked: false,
  }));

/** A server holding `total` workspaces for the account, answering offset/limit pages. */
function pagedServer(total: number) {
  return recorder((request) => {
    const offset = Number(request.url.searchParams.get('offset'));
    const limit = Number(request.url.searchParams.get('limit'));
    return ok(entries(offset + 1, Math.max(0, Math.min(limit, total - offset))));
  });
}

const query = (url: URL) => Object.fromEntries(url.searchParams);

describe('accounts.projects paging', () => {
  it.each([
    [0, 10, 1],
    [7, 10, 1],
    [10, 10, 2],
    [25, 10, 3],
    [30, 10, 4],
  ])('iterates %i entries in pages of %i with %i requests', async (total, limit, calls) => {
    const { fetch, requests } = pagedServer(total);
    const seen: number[] = [];
    for await (const workspace of testClient(fetch).accounts.projects('acc-1', { limit }))
      seen.push(workspace.id);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(requests).toHaveLength(calls);
    expect(requests.map((r) => query(r.url))).toEqual(
      Array.from({ length: calls }, (_, i) => ({ offset: String(i * limit), limit: String(limit) })),
    );
    expect(requests[0]?.url.pathname).toBe('/openapi/v1/accounts/acc-1/projects/');
  });

  it('passes the role filter and a starting offset, and defaults the page size to 100', async () => {
    const { fetch, requests } = pagedServer(150);
    const seen = [];
    for await (const workspace of testClient(fetch).accounts.projects('acc-1', { role: 1, offset: 20 })) {
      seen.push(workspace);
    }
    expect(seen).toHaveLength(130);
    expect(requests.map((r) => query(r.url))).toEqual([
      { role: '1', offset: '20', limit: '100' },
      { role: '1', offset: '120', limit: '100' },
    ]);
  });

  it('stops early when the caller breaks out, without fetching further pages', async () => {
    const { fetch, requests } = pagedServer(1000);
    for await (const workspace of testClient(fetch).accounts.projects('acc-1', { limit: 5 })) {
      if (workspace.id === 3) break;
    }
    expect(requests).toHaveLength(1);
  });

  it('page() fetches exactly one page', async () => {
    const { fetch, requests } = pagedServer(100);
    const projects = testClient(fetch).accounts.projects('acc-1', { limit: 10, role: 2 });
    const page = await projects.page({ offset: 40 });
    expect(page.map((w) => w.id)).toEqual(entries(41, 10).map((w) => w.id));
    const other = await projects.page({ offset: 0, limit: 3 });
    expect(other).toHaveLength(3);
    expect(requests.map((r) => query(r.url))).toEqual([
      { role: '2', offset: '40', limit: '10' },
      { role: '2', offset: '0', limit: '3' },
    ]);
  });

  it('rejects the iteration with the ApiError of a failing page', async () => {
    const { fetch } = recorder([() => ok(entries(1, 2)), () => fail(403, 'forbidden')]);
    const seen: number[] = [];
    const iterate = async () => {
      for await (const workspace of testClient(fetch).accounts.projects('acc-1', { limit: 2 }))
        seen.push(workspace.id);
    };
    await expect(iterate()).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([1, 2]);
  });
});

describe('accounts.fetch', () => {
  it('sends the identifier as username and resolves null when nobody matches', async () => {
    const { fetch, requests } = recorder([() => ok(null)]);
    await expect(testClient(fetch).accounts.fetch('alice@example.com')).resolves.toBeNull();
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ username: 'alice@example.com' });
  });
});
