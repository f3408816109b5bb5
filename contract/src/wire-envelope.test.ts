import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EmptyEnvelope, ErrorEnvelope, envelopeOf } from './envelope';
import {
  errorEnvelope,
  isSuccess,
  readEnvelope,
  showableText,
  successEnvelope,
  successEnvelopeText,
} from './wire-envelope';

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

describe('errorEnvelope', () => {
  it.each([
    ['U+0000, as the six characters \\u0000', 'a\u0000b', 'a\\u0000b'],
    ['a lone high surrogate, as U+FFFD', 'a\ud800b', 'a\ufffdb'],
    ['a lone low surrogate, as U+FFFD', '\udc00', '\ufffd'],
    ['a surrogate pair, kept', 'a\ud83d\udca9', 'a\ud83d\udca9'],
    ['C0 controls other than NUL, kept (JSON escapes them)', '\u0001\u001f', '\u0001\u001f'],
  ])('shows %s', (_what, given, shown) => {
    expect(showableText(given)).toBe(shown);
    const envelope = errorEnvelope(400, given, 'invalid_request', [
      { path: `body.${given}`, message: given },
    ]);
    expect(envelope).toEqual({
      errcode: 400,
      errmsg: shown,
      data: { reason: 'invalid_request', issues: [{ path: `body.${shown}`, message: shown }] },
    });
    expect(ErrorEnvelope.parse(envelope)).toEqual(envelope);
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

describe('the one builder of envelopes', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  /** `{ errcode: …, errmsg: …`: an envelope written out by hand (types use `;`, not `,`). */
  const LITERAL = /\berrcode:\s*[^,;\n]+,\s*errmsg:/;
  /** The text without comment lines: a doc comment may show an override's envelope. */
  const codeOf = (text: string) =>
    text
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line))
      .join('\n');

  it('is wire-envelope.ts: no shipped source writes an envelope by hand', () => {
    const sources = [
      'contract/src',
      ...readdirSync(join(root, 'packages'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `packages/${entry.name}/src`),
    ].filter((dir) => existsSync(join(root, dir)));
    const offenders = sources.flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter(
          (file) =>
            file.endsWith('.ts') && !/\.test\.ts$|generated|test-helpers|(^|\/)scenarios\//.test(file),
        )
        .map((file) => `${dir}/${file}`)
        // The builder itself, and the schemas that describe what it builds.
        .filter((file) => !['contract/src/wire-envelope.ts', 'contract/src/envelope.ts'].includes(file))
        .filter((file) => LITERAL.test(codeOf(readFileSync(join(root, file), 'utf8')))),
    );
    expect(sources.length).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });

  it('recognises an envelope written by hand, and not a type or a comment', () => {
    expect(LITERAL.test(codeOf(' * { errcode: 503, errmsg: "maintenance" }'))).toBe(false);
    expect(
      LITERAL.test("Response.json({ errcode: 503, errmsg: 'down', data: { reason: 'unavailable' } })"),
    ).toBe(true);
    expect(LITERAL.test('body: { errcode: number; errmsg: string }')).toBe(false);
  });
});
