import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AdjustableClock } from '../clock';
import { answerError } from './answer-error';
import { advanceClock, TEST_CLOCK_PATH } from './test-clock';

const START = new Date('2026-01-01T00:00:00.000Z');

function clockApp() {
  const clock = new AdjustableClock({ now: () => START });
  const app = new Hono().post(TEST_CLOCK_PATH, advanceClock(clock)).onError(answerError(undefined));
  const advance = (body: string) =>
    app.request(`http://wsadmin.test${TEST_CLOCK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  return { clock, advance };
}

describe('advanceClock', () => {
  it('moves the clock forward and answers the new time', async () => {
    const { clock, advance } = clockApp();
    const answer = await advance('{"advanceSeconds":90}');
    expect(await answer.json()).toEqual({
      errcode: 200,
      errmsg: 'success',
      data: { now: '2026-01-01T00:01:30.000Z' },
    });
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:30.000Z');
  });

  it.each([
    ['a negative advance', '{"advanceSeconds":-1}'],
    ['an unknown field', '{"advanceSeconds":1,"back":true}'],
    ['a body that is not JSON', 'soon'],
  ])('refuses %s with 400, the clock unmoved', async (_case, body) => {
    const { clock, advance } = clockApp();
    const answer = await advance(body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errmsg: expect.stringContaining('body') });
    expect(clock.now()).toEqual(START);
  });

  it('refuses, when the app is made, a clock that cannot be moved', () => {
    expect(() => advanceClock({ now: () => START })).toThrow('testClock needs an AdjustableClock');
  });
});
