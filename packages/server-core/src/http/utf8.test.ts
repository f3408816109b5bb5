import { describe, expect, it } from 'vitest';
import { decodeUtf8, isUtf8UrlPart, percentDecodedBytes } from './utf8';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

describe('decodeUtf8', () => {
  it.each([
    ['ASCII', { given: bytes(...ascii('{"a":1}')), want: { text: '{"a":1}' } }],
    [
      'two-, three- and four-byte sequences',
      { given: bytes(0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x92, 0xa9), want: { text: 'é€💩' } },
    ],
    [
      'a byte-order mark, dropped as fetch drops it',
      { given: bytes(0xef, 0xbb, 0xbf, 0x31), want: { text: '1' } },
    ],
    ['a lone continuation byte', { given: bytes(...ascii('{"a":"'), 0x80, 0x22), want: { badByteAt: 6 } }],
    ['0xFF', { given: bytes(0x31, 0xff), want: { badByteAt: 1 } }],
    ['an overlong "/" (C0 AF)', { given: bytes(0x31, 0x32, 0xc0, 0xaf), want: { badByteAt: 2 } }],
    ['an overlong three-byte form (E0 80 80)', { given: bytes(0xe0, 0x80, 0x80), want: { badByteAt: 0 } }],
    ['an encoded surrogate (ED A0 80)', { given: bytes(0x61, 0xed, 0xa0, 0x80), want: { badByteAt: 1 } }],
    [
      'a code point past U+10FFFF (F4 90 80 80)',
      { given: bytes(0xf4, 0x90, 0x80, 0x80), want: { badByteAt: 0 } },
    ],
    ['a sequence cut short at the end', { given: bytes(0x61, 0x62, 0xe2, 0x82), want: { badByteAt: 2 } }],
    ['a sequence cut short by ASCII', { given: bytes(0xc3, 0x41), want: { badByteAt: 0 } }],
    ['the first of two bad places', { given: bytes(0xc3, 0xa9, 0xff, 0x61, 0xfe), want: { badByteAt: 2 } }],
  ])('%s', (_name, { given, want }) => {
    expect(decodeUtf8(given)).toEqual(want);
  });
});

describe('URL parts', () => {
  it.each([
    ['plain text', { given: 'sales', want: true }],
    ['percent-encoded UTF-8', { given: '%C3%A9t%C3%A9', want: true }],
    ['lower-case escapes', { given: '%c3%a9', want: true }],
    ['an escaped percent sign before hex digits', { given: '%25FF', want: true }],
    ['a percent sign without hex digits', { given: '100%', want: true }],
    ['an escaped 0xFF', { given: 'a%FFb', want: false }],
    ['an escaped surrogate (what encodeURIComponent cannot make)', { given: '%ED%A0%80', want: false }],
    ['an escaped sequence cut short', { given: '%E2%82', want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(isUtf8UrlPart(given)).toBe(want);
  });

  it('counts raw non-ASCII characters as their UTF-8 bytes', () => {
    expect([...percentDecodedBytes('é💩%41')]).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x92, 0xa9, 0x41]);
  });
});
