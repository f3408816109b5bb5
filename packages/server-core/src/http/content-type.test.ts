import { describe, expect, it } from 'vitest';
import { unsupportedContentType } from './content-type';

describe('unsupportedContentType', () => {
  it.each([
    ['application/json', 'application/json'],
    ['a UTF-8 charset', 'application/json; charset=utf-8'],
    ['any case, quoted charset, no space', 'Application/JSON;Charset="UTF-8"'],
    ['another parameter', 'application/json; profile="x"'],
  ])('accepts %s', (_name, header) => {
    expect(unsupportedContentType(header)).toBeUndefined();
  });

  it.each([
    ['no header', { given: undefined, want: 'request body needs Content-Type: application/json; got none' }],
    ['an empty header', { given: ' ', want: 'request body needs Content-Type: application/json; got none' }],
    [
      'text/plain (fetch labels a string body so)',
      {
        given: 'text/plain;charset=UTF-8',
        want: 'request body must be application/json; got Content-Type "text/plain;charset=UTF-8"',
      },
    ],
    [
      'a form (curl -d)',
      {
        given: 'application/x-www-form-urlencoded',
        want: 'request body must be application/json; got Content-Type "application/x-www-form-urlencoded"',
      },
    ],
    [
      'a +json type, whose own rules the server does not apply',
      {
        given: 'application/merge-patch+json',
        want: 'request body must be application/json; got Content-Type "application/merge-patch+json"',
      },
    ],
    [
      'another charset',
      {
        given: 'application/json; charset=iso-8859-1',
        want: 'request body must be application/json in UTF-8; got charset "iso-8859-1"',
      },
    ],
    [
      'a long header, cut in the message',
      {
        given: `text/${'x'.repeat(500)}`,
        want: `request body must be application/json; got Content-Type "text/${'x'.repeat(95)}…"`,
      },
    ],
  ])('refuses %s with 415', (_name, { given, want }) => {
    const error = unsupportedContentType(given);
    expect(error).toMatchObject({ errcode: 415, reason: 'unsupported_media_type', message: want });
  });
});
