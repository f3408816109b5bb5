import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EmptyEnvelope, ErrorEnvelope, envelopeOf } from './envelope';
import { isSuccess, readEnvelope, successEnvelope, successEnvelopeText } from './wire-envelope';

describe('successEnvelope', () => {
  it('is what the schemas accept, with data only where the operation has data', () => {
    expect(envelopeOf(z.array(z.number())).parse(successEnvelope([1], true))).toEqual({
      errcode: 200,
      errmsg: 'success',
      data: [1],
    });
    const empty = successEnvelope(undefined, false);
    expect('data' in empty).toBe(false);
    expect(EmptyEnvelope.parse(empty)).toEqual({ errcode: 200, errmsg: 'success' });
  });
});

describe('successEnvelopeText', () => {
  it.each([
    ['a list', [{ id: 1, names: ['a'] }]],
    ['an object with text that needs escaping', { name: 'quote " and \\ and ✓' }],
    ['null', null],
  ])('is the text of successEnvelope for %s', (_what, data) => {
    const text = successEnvelopeText(JSON.stringify(data));
    expect(text).toBe(JSON.stringify(successEnvelope(data, true)));
    expect(JSON.parse(text)).toEqual(successEnvelope(data, true));
  });
});

describe('readEnvelope', () => {
  it.each([
    ['a success', { errcode: 200, errmsg: 'success', data: 1 }, true],
    ['an error', { errcode: 404, errmsg: 'workspace 9 not found', data: { reason: 'not_found' } }, true],
    ['no errmsg', { errcode: 200 }, false],
    ['a text errcode', { errcode: '200', errmsg: 'success' }, false],
    ['an array', [200, 'success'], false],
    ['null', null, false],
    ['text', 'success', false],
  ])('%s', (_what, given, envelope) => {
    expect(readEnvelope(given) !== undefined).toBe(envelope);
  });

  it('tells success from error by errcode', () => {
    const error = readEnvelope({ errcode: 409, errmsg: 'taken', data: { reason: 'conflict' } });
    expect(error && isSuccess(error)).toBe(false);
    expect(ErrorEnvelope.safeParse(error).success).toBe(true);
    const success = readEnvelope(successEnvelope({ id: 1 }, true));
    expect(success && isSuccess(success)).toBe(true);
  });
});
