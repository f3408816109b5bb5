import { describe, expect, it } from 'vitest';
import { rebindingRefusal } from './http-transport';

const request = (headers: Record<string, string>) => ({ headers });

describe('rebindingRefusal (DNS rebinding protection of --http)', () => {
  it.each([
    ['127.0.0.1 on our port', { host: '127.0.0.1:8931' }],
    ['localhost on our port', { host: 'localhost:8931' }],
    ['a loopback page as Origin', { host: '127.0.0.1:8931', origin: 'http://localhost:8931' }],
  ])('lets %s through', (_case, headers) => {
    expect(rebindingRefusal(request(headers), 8931)).toBeUndefined();
  });

  it.each([
    ['a rebound name', { host: 'attacker.example:8931' }, 'Host not allowed'],
    ['another port', { host: '127.0.0.1:9999' }, 'Host not allowed'],
    ['no Host', {}, 'Host not allowed'],
    [
      "another site's page",
      { host: '127.0.0.1:8931', origin: 'http://attacker.example' },
      'Origin not allowed',
    ],
    [
      'a loopback page on another port',
      { host: '127.0.0.1:8931', origin: 'http://127.0.0.1:3000' },
      'Origin not allowed',
    ],
  ])('refuses %s', (_case, headers, reason) => {
    expect(rebindingRefusal(request(headers), 8931)).toContain(reason);
  });
});
