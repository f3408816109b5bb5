import { describe, expect, it } from 'vitest';
import { ok, recorder, testClient } from './test-helpers';

describe('client.raw, loaded on first use', () => {
  it('applies middleware registered before the first request, with the one query serialisation', async () => {
    const { fetch, requests } = recorder([ok([])]);
    const client = testClient(fetch);
    client.raw.use({
      onRequest: ({ request }) => {
        request.headers.set('x-middleware', 'ran');
        return request;
      },
    });
    const { data } = await client.raw.GET('/openapi/v1/workspaces/', { params: { query: { q: 'a b&c' } } });
    expect(data).toEqual({ errcode: 200, errmsg: 'success', data: [] });
    expect(requests[0]?.url.search).toBe('?q=a%20b%26c');
    expect(requests[0]?.headers.get('x-middleware')).toBe('ran');
  });
});

describe('the facade reads each answer once', () => {
  it('takes the body as text once, parses it once, and never clones or rebuilds the answer', async () => {
    const reads: string[] = [];
    class CountingResponse extends Response {
      override text() {
        reads.push('text');
        return super.text();
      }
      override json() {
        reads.push('json');
        return super.json();
      }
      override clone(): Response {
        reads.push('clone');
        return super.clone();
      }
    }
    const parse = JSON.parse;
    let parses = 0;
    const client = testClient(async () => {
      JSON.parse = (...args: Parameters<typeof parse>) => {
        parses += 1;
        return parse(...args);
      };
      return new CountingResponse(JSON.stringify({ errcode: 200, errmsg: 'success', data: { id: 7 } }));
    });
    try {
      expect(await client.workspaces.get(7)).toEqual({ id: 7 });
    } finally {
      JSON.parse = parse;
    }
    expect(reads).toEqual(['text']);
    expect(parses).toBe(1);
  });
});
