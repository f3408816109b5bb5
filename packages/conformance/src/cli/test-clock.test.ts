import { describe, expect, it } from 'vitest';
import { testClockAt } from './test-clock';

describe('--test-clock', () => {
  it('posts the seconds to /__test__/clock/ beside the API and answers the server time', async () => {
    const requests: Array<{ url: string; method: string; body: string }> = [];
    const clock = testClockAt('http://h:1/base/', async (request) => {
      requests.push({ url: request.url, method: request.method, body: await request.text() });
      return Response.json({ errcode: 200, data: { now: '2030-01-01T00:01:01.000Z' } });
    });
    expect(clock.url).toBe('http://h:1/base/__test__/clock/');
    expect(await clock.advanceClock(61)).toEqual(new Date('2030-01-01T00:01:01.000Z'));
    expect(requests).toEqual([
      { url: 'http://h:1/base/__test__/clock/', method: 'POST', body: '{"advanceSeconds":61}' },
    ]);
  });

  it.each<[string, Response]>([
    ['a 404 (a server without the test clock)', Response.json({ errcode: 404 }, { status: 404 })],
    ['an answer without the time', Response.json({ data: {} })],
    ['a time that is not one', Response.json({ data: { now: 'soon' } })],
    ['a body that is not JSON', new Response('<html>')],
  ])('fails on %s, naming the URL and the status', async (_name, response) => {
    const clock = testClockAt('http://h:1', async () => response);
    await expect(clock.advanceClock(0)).rejects.toThrow(
      `the test clock at http://h:1/__test__/clock/ answered ${response.status} without {"data":{"now"}}`,
    );
  });
});
