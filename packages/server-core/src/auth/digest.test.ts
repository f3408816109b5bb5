import { describe, expect, it } from 'vitest';
import { constantTimeEqual, sha256Hex } from './digest';

const webCrypto = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');

// Node's own hash is used where the runtime has it, Web Crypto elsewhere: both must agree.
describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('gives the standard digest of %j', async (text, expected) => {
    expect(await sha256Hex(text)).toBe(expected);
  });

  it.each(['é💩', '{"b":1,"a":[null,"\\u0000"]}', 'x'.repeat(100_000)])(
    'hashes %j as UTF-8, as Web Crypto does',
    async (text) => {
      expect(await sha256Hex(text)).toBe(await webCrypto(text));
    },
  );
});

describe('constantTimeEqual', () => {
  it.each([
    ['equal hashes', { given: ['ab12'.repeat(16), 'ab12'.repeat(16)], want: true }],
    ['both empty', { given: ['', ''], want: true }],
    [
      'one character differs at the end',
      { given: ['ab12'.repeat(16), `${'ab12'.repeat(16).slice(0, -1)}3`], want: false },
    ],
    ['one character differs at the start', { given: ['xbc', 'abc'], want: false }],
    ['a prefix', { given: ['abc', 'abcd'], want: false }],
    ['empty against one character', { given: ['', 'a'], want: false }],
    ['one against an empty string', { given: ['\u0000', ''], want: false }],
    ['case differs', { given: ['ABC', 'abc'], want: false }],
    ['non-ASCII equal', { given: ['é💩', 'é💩'], want: true }],
    ['non-ASCII differs', { given: ['é💩', 'e💩'], want: false }],
  ])('%s', (_case, { given: [a = '', b = ''], want }) => {
    expect(constantTimeEqual(a, b)).toBe(want);
    expect(constantTimeEqual(b, a)).toBe(want);
  });
});
