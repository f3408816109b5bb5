import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError, RetryLaterError } from '../errors';
import { answerError } from './answer-error';

/** An app whose one route throws `error`, answered by `answerError`; what reached `onError` is kept. */
function throwing(error: unknown) {
  const reported: unknown[] = [];
  const app = new Hono()
    .get('/', () => {
      throw error;
    })
    .onError(answerError((failure) => reported.push(failure)));
  return { answer: () => app.request('http://wsadmin.test/'), reported };
}

describe('answerError', () => {
  it('answers an ApiError with its status and envelope, issues included, telling no one', async () => {
    const { answer, reported } = throwing(
      new ApiError(400, 'invalid body', 'invalid_request', [{ path: 'body.name', message: 'required' }]),
    );
    const response = await answer();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errcode: 400,
      errmsg: 'invalid body',
      data: { reason: 'invalid_request', issues: [{ path: 'body.name', message: 'required' }] },
    });
    expect(reported).toEqual([]);
  });

  it('adds Retry-After to a RetryLaterError', async () => {
    const response = await throwing(new RetryLaterError(429, 'slow down', 'rate_limited', 7)).answer();
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('answers the database out of reach 503, not as a bug', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const { answer, reported } = throwing(lost);
    const response = await answer();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errcode: 503,
      errmsg: 'the database is unavailable; retry later',
      data: { reason: 'unavailable' },
    });
    expect(reported).toEqual([]);
  });

  it('answers anything else 500 without its message, giving the error to onError', async () => {
    const bug = new Error('cannot read secret-key-material of undefined');
    const { answer, reported } = throwing(bug);
    const response = await answer();
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ errcode: 500, data: { reason: 'internal' } });
    expect(text).not.toContain('secret-key-material');
    expect(reported).toEqual([bug]);
  });
});
