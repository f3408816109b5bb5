import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { headerOf } from './request-headers';

const app = new Hono().get('/', (c) => c.json({ value: headerOf(c, 'x-probe') ?? null }));
const probe = async (init: { headers?: Record<string, string>; rawHeaders?: string[] }) => {
  const request = new Request('http://h/', { headers: init.headers ?? {} });
  const env = init.rawHeaders ? { incoming: { rawHeaders: init.rawHeaders } } : undefined;
  const answer = await app.fetch(request, env);
  return ((await answer.json()) as { value: string | null }).value;
};

describe('headerOf', () => {
  it.each([
    ['Node raw headers, any case', { given: { rawHeaders: ['Host', 'h', 'X-PROBE', 'a'] }, want: 'a' }],
    [
      'Node raw headers, repeated: joined as Fetch joins them',
      { given: { rawHeaders: ['x-probe', 'a', 'X-Probe', 'b'] }, want: 'a, b' },
    ],
    ['Node raw headers without it', { given: { rawHeaders: ['x-probed', 'a', 'x-prob', 'b'] }, want: null }],
    [
      'no Node request (the mock, app.request): the Request headers',
      { given: { headers: { 'X-Probe': 'c' } }, want: 'c' },
    ],
  ])('%s', async (_name, { given, want }) => {
    expect(await probe(given)).toBe(want);
  });
});
