import { describe, expect, it } from 'vitest';
import { networkCause, shownUrl } from './network-cause';

/** An error as a runtime builds it: a message and extra own properties (`code`, `name`, ...). */
const error = (message: string, extra: Record<string, unknown> = {}, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? {} : { cause }), extra);
const undiciFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

describe('networkCause reads the code and what the runtime said, wherever the runtime put them', () => {
  it.each([
    [
      'Node: a refused connection on error.cause',
      undiciFailed(error('connect ECONNREFUSED 127.0.0.1:8080', { code: 'ECONNREFUSED', errno: -111 })),
      { code: 'ECONNREFUSED', detail: 'connect ECONNREFUSED 127.0.0.1:8080' },
    ],
    [
      'Node 22+: an AggregateError without a message, one error per address tried',
      undiciFailed(
        Object.assign(
          new AggregateError(
            [
              error('connect ECONNREFUSED ::1:8080', { code: 'ECONNREFUSED' }),
              error('connect ECONNREFUSED 127.0.0.1:8080', { code: 'ECONNREFUSED' }),
            ],
            '',
          ),
          { code: 'ECONNREFUSED' },
        ),
      ),
      { code: 'ECONNREFUSED', detail: 'connect ECONNREFUSED ::1:8080, connect ECONNREFUSED 127.0.0.1:8080' },
    ],
    [
      'Node: an unknown host',
      undiciFailed(error('getaddrinfo ENOTFOUND wsadmin.invalid', { code: 'ENOTFOUND' })),
      { code: 'ENOTFOUND', detail: 'getaddrinfo ENOTFOUND wsadmin.invalid' },
    ],
    [
      'Node: a self-signed certificate',
      undiciFailed(error('self-signed certificate', { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' })),
      { code: 'DEPTH_ZERO_SELF_SIGNED_CERT', detail: 'self-signed certificate' },
    ],
    [
      'Node: an expired certificate',
      undiciFailed(error('certificate has expired', { code: 'CERT_HAS_EXPIRED' })),
      { code: 'CERT_HAS_EXPIRED', detail: 'certificate has expired' },
    ],
    [
      'Node: a certificate for another host',
      undiciFailed(
        error(
          "Hostname/IP does not match certificate's altnames: Host: a.test. is not in the cert's altnames: DNS:b.test",
          {
            code: 'ERR_TLS_CERT_ALTNAME_INVALID',
          },
        ),
      ),
      {
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
        detail:
          "Hostname/IP does not match certificate's altnames: Host: a.test. is not in the cert's altnames: DNS:b.test",
      },
    ],
    [
      'Node: a chain without its intermediate',
      undiciFailed(
        error('unable to verify the first certificate', { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      ),
      { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', detail: 'unable to verify the first certificate' },
    ],
    [
      'Node: the body broke off (undici SocketError under "terminated")',
      new TypeError('terminated', {
        cause: error('other side closed', { name: 'SocketError', code: 'UND_ERR_SOCKET' }),
      }),
      { code: 'UND_ERR_SOCKET', detail: 'other side closed' },
    ],
    [
      'Node: a port fetch refuses to use, without a code',
      undiciFailed(new Error('bad port')),
      { code: undefined, detail: 'bad port' },
    ],
    [
      'Deno 2: only a message on the cause, no code',
      new TypeError('fetch failed', {
        cause: new Error(
          'error sending request for url (http://127.0.0.1:8080/): client error (Connect): tcp connect error: Connection refused (os error 111)',
        ),
      }),
      {
        code: undefined,
        detail:
          'error sending request for url (http://127.0.0.1:8080/): client error (Connect): tcp connect error: Connection refused (os error 111)',
      },
    ],
    [
      'Deno: a Deno.errors class as cause (clients on Deno.connect), named but without a code',
      new TypeError('connection failed', {
        cause: error('Connection refused (os error 111)', { name: 'ConnectionRefused' }),
      }),
      { code: 'ECONNREFUSED', detail: 'Connection refused (os error 111)' },
    ],
    [
      'Bun 1.2+: a Node code on the error itself',
      Object.assign(
        new TypeError('ECONNREFUSED: Unable to connect. Is the computer able to access the url?'),
        {
          code: 'ECONNREFUSED',
        },
      ),
      {
        code: 'ECONNREFUSED',
        detail: 'ECONNREFUSED: Unable to connect. Is the computer able to access the url?',
      },
    ],
    [
      'Bun 1.0 and 1.1: its own name for the code',
      error('Unable to connect. Is the computer able to access the url?', { code: 'ConnectionRefused' }),
      { code: 'ECONNREFUSED', detail: 'Unable to connect. Is the computer able to access the url?' },
    ],
    [
      'Chromium: no cause at all',
      new TypeError('Failed to fetch'),
      { code: undefined, detail: 'Failed to fetch' },
    ],
    [
      'Firefox: no cause at all',
      new TypeError('NetworkError when attempting to fetch resource.'),
      { code: undefined, detail: 'NetworkError when attempting to fetch resource.' },
    ],
    ['WebKit: no cause at all', new TypeError('Load failed'), { code: undefined, detail: 'Load failed' }],
    ['a thrown string', 'offline', { code: undefined, detail: 'offline' }],
    [
      'a numeric code, which is an errno and not a code',
      error('socket hang up', { code: -104 }),
      { code: undefined, detail: 'socket hang up' },
    ],
  ])('%s', (_, thrown, expected) => {
    expect(networkCause(thrown)).toEqual(expected);
  });

  it('stops at a cause chain that loops', () => {
    const looping = error('outer');
    (looping as { cause?: unknown }).cause = error('inner', {}, looping);
    expect(networkCause(looping)).toEqual({ code: undefined, detail: 'inner' });
  });

  it('keeps a runaway message to one bounded line', () => {
    const { detail } = networkCause(new TypeError('x'.repeat(5000)));
    expect(detail).toBe(`${'x'.repeat(300)}…`);
  });
});

describe('shownUrl leaves out the user name and password, and keeps path and query', () => {
  it.each([
    [
      'http://operator:s3cret@127.0.0.1:8080/openapi/v1/workspaces/?q=a',
      'http://127.0.0.1:8080/openapi/v1/workspaces/?q=a',
    ],
    ['https://operator@wsadmin.example.com/x', 'https://wsadmin.example.com/x'],
    ['https://wsadmin.example.com/openapi/v1/scopes/', 'https://wsadmin.example.com/openapi/v1/scopes/'],
    ['http://operator:s3cret@host:99999/not-a-port', 'http://host:99999/not-a-port'],
    ['/relative/path', '/relative/path'],
  ])('%s -> %s', (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
  });
});
