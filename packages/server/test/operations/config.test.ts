import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';

describe('operations settings from the environment', () => {
  it('defaults to no CORS, no rate limits, open metrics, JSON logs at info', () => {
    expect(readConfig({})).toMatchObject({
      corsOrigins: undefined,
      rateLimits: undefined,
      metricsKey: undefined,
      trustProxy: false,
      logLevel: 'info',
      logFormat: 'json',
      workers: 1,
      // The Node host applies defaultMaxConnections() (node-host.ts): the reader has no Node.
      maxConnections: undefined,
    });
  });

  it.each([
    ['unset', undefined, undefined],
    ['empty', '', undefined],
    ['16', '16', 16],
    ['spaces around', ' 64 ', 64],
  ])('reads WSADMIN_MAX_CONNECTIONS %s', (_name, value, expected) => {
    expect(readConfig({ WSADMIN_MAX_CONNECTIONS: value }).maxConnections).toBe(expected);
  });

  it.each([
    ['unset', undefined, 1],
    ['empty', '', 1],
    ['1', '1', 1],
    ['4', '4', 4],
    ['spaces around', ' 2 ', 2],
    ['auto', 'auto', availableParallelism()],
  ])('reads WSADMIN_WORKERS %s', (_name, value, expected) => {
    expect(readConfig({ WSADMIN_WORKERS: value, DATABASE_URL: 'sqlite:./x.db' }).workers).toBe(expected);
  });

  it('keeps one process on the in-memory database, which no second process could share', () => {
    expect(readConfig({ DATABASE_URL: 'sqlite::memory:', WSADMIN_WORKERS: '1' }).workers).toBe(1);
  });

  it.each([
    ['*', '*'],
    ['http://localhost:5173', ['http://localhost:5173']],
    [' https://a.example , http://127.0.0.1:3000 ', ['https://a.example', 'http://127.0.0.1:3000']],
  ])('reads WSADMIN_CORS_ORIGINS=%j', (value, expected) => {
    expect(readConfig({ WSADMIN_CORS_ORIGINS: value }).corsOrigins).toEqual(expected);
  });

  it.each([
    ['off', undefined],
    ['key=100/s', { key: { capacity: 100, periodSeconds: 1 } }],
    [
      'key=100/s,address=200/10s,strict=5/min',
      {
        key: { capacity: 100, periodSeconds: 1 },
        address: { capacity: 200, periodSeconds: 10 },
        strict: { capacity: 5, periodSeconds: 60 },
      },
    ],
    ['strict=30/h', { strict: { capacity: 30, periodSeconds: 3600 } }],
  ])('reads WSADMIN_RATE_LIMIT=%j', (value, expected) => {
    expect(readConfig({ WSADMIN_RATE_LIMIT: value }).rateLimits).toEqual(expected);
  });

  it.each([
    [{ WSADMIN_CORS_ORIGINS: 'http://localhost:5173/' }, /"http:\/\/localhost:5173\/" is not an origin/],
    [{ WSADMIN_CORS_ORIGINS: 'localhost:5173' }, /is not an origin/],
    [{ WSADMIN_RATE_LIMIT: 'key=100' }, /cannot read "key=100"/],
    [{ WSADMIN_RATE_LIMIT: 'user=1/s' }, /cannot read "user=1\/s"/],
    [{ WSADMIN_RATE_LIMIT: 'key=0/s' }, /cannot read "key=0\/s"/],
    [
      { WSADMIN_RATE_LIMIT: 'strict=0.5/min' },
      /"strict=0.5\/min" allows less than one request at once; .* 1\/2s/,
    ],
    [{ WSADMIN_RATE_LIMIT: 'key=1/s,key=2/s' }, /"key" is given twice/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of trace, debug, info/],
    [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT must be json or pretty/],
    [{ WSADMIN_MAX_CONNECTIONS: '0' }, /WSADMIN_MAX_CONNECTIONS must be a whole number >= 1, got "0"/],
    [{ WSADMIN_MAX_CONNECTIONS: 'many' }, /WSADMIN_MAX_CONNECTIONS must be .* got "many"/],
    [{ WSADMIN_MAX_CONNECTIONS: '10.5' }, /WSADMIN_MAX_CONNECTIONS must be .* got "10.5"/],
    [{ WSADMIN_WORKERS: '0' }, /WSADMIN_WORKERS must be a whole number >= 1 or "auto", got "0"/],
    [{ WSADMIN_WORKERS: '-2' }, /WSADMIN_WORKERS must be .* got "-2"/],
    [{ WSADMIN_WORKERS: '1.5' }, /WSADMIN_WORKERS must be .* got "1.5"/],
    [{ WSADMIN_WORKERS: 'two' }, /WSADMIN_WORKERS must be .* got "two"/],
    [{ WSADMIN_WORKERS: 'AUTO' }, /WSADMIN_WORKERS must be .* got "AUTO"/],
    [
      { WSADMIN_WORKERS: '2', DATABASE_URL: 'sqlite::memory:' },
      /WSADMIN_WORKERS=2 needs a database the processes share, and DATABASE_URL=sqlite::memory: is private/,
    ],
  ])('refuses %j naming the problem', (env, message) => {
    expect(() => readConfig(env)).toThrowError(message);
  });
});
