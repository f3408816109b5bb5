import { describe, expect, it } from 'vitest';
import { readRuntimeSettings } from './runtime-settings';
import { readWorkerSettings } from './worker-settings';

describe('readRuntimeSettings (Bun and Deno)', () => {
  it('reads the Node server names and defaults', () => {
    expect(readRuntimeSettings({}, 'Bun')).toEqual({
      host: '127.0.0.1',
      port: 8787,
      databaseFile: './data/wsadmin.db',
      bootstrapKey: undefined,
      testClock: false,
      validateResponses: true,
      corsOrigins: undefined,
      rateLimits: undefined,
      trustProxy: false,
      logRequests: true,
    });
    expect(
      readRuntimeSettings(
        {
          HOST: '0.0.0.0',
          PORT: '0',
          DATABASE_URL: 'sqlite::memory:',
          WSADMIN_BOOTSTRAP_KEY: 'wsk_x',
          WSADMIN_TEST_CLOCK: '1',
          NODE_ENV: 'production',
          WSADMIN_CORS_ORIGINS: 'http://localhost:5173',
          WSADMIN_RATE_LIMIT: 'key=10/s',
          WSADMIN_TRUST_PROXY: '1',
          LOG_LEVEL: 'warn',
          WSADMIN_WORKERS: '1',
        },
        'Deno',
      ),
    ).toEqual({
      host: '0.0.0.0',
      port: 0,
      databaseFile: ':memory:',
      bootstrapKey: 'wsk_x',
      testClock: true,
      validateResponses: false,
      corsOrigins: ['http://localhost:5173'],
      rateLimits: { key: { capacity: 10, periodSeconds: 1 } },
      trustProxy: true,
      logRequests: false,
    });
  });

  it.each<[string, { given: Record<string, string>; want: RegExp }]>([
    [
      'several processes',
      { given: { WSADMIN_WORKERS: '4' }, want: /^WSADMIN_WORKERS is not supported on Bun: .*node:cluster/ },
    ],
    [
      'metrics',
      {
        given: { WSADMIN_METRICS_KEY: 'm' },
        want: /^WSADMIN_METRICS_KEY is not supported on Bun: .*\/metrics/,
      },
    ],
    [
      'a connection cap',
      { given: { WSADMIN_MAX_CONNECTIONS: '10' }, want: /^WSADMIN_MAX_CONNECTIONS is not supported/ },
    ],
    [
      'the scrypt bound',
      {
        given: { WSADMIN_PASSWORD_CONCURRENCY: '2' },
        want: /^WSADMIN_PASSWORD_CONCURRENCY is not supported/,
      },
    ],
    [
      'the PostgreSQL test hooks',
      { given: { WSADMIN_TEST_HOOKS: '1' }, want: /^WSADMIN_TEST_HOOKS is not supported/ },
    ],
    ['pretty logs', { given: { LOG_FORMAT: 'pretty' }, want: /^LOG_FORMAT is not supported on Bun: .*JSON/ }],
    [
      'PostgreSQL, without echoing the URL and its password',
      {
        given: { DATABASE_URL: 'postgres://u:pw-secret@db/x' },
        want: /^DATABASE_URL: PostgreSQL is served by the Node server \(@wsadmin\/server\); on Bun .*sqlite:<file> or sqlite::memory:$/,
      },
    ],
    [
      'an unknown scheme',
      {
        given: { DATABASE_URL: 'mysql://u:pw-secret@db/x' },
        want: /^unsupported DATABASE_URL \(scheme "mysql"\)/,
      },
    ],
    ['a sqlite URL without a file', { given: { DATABASE_URL: 'sqlite:' }, want: /needs a file path/ }],
    ['a bad port', { given: { PORT: '70000' }, want: /^PORT must be 0-65535, got "70000"/ }],
    ['a bad log level', { given: { LOG_LEVEL: 'loud' }, want: /^LOG_LEVEL must be one of/ }],
  ])('refuses %s, naming the variable', (_name, { given, want }) => {
    let message = '';
    try {
      readRuntimeSettings(given, 'Bun');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(want);
    expect(message).not.toContain('pw-secret');
  });
});

describe('readWorkerSettings (Cloudflare Workers)', () => {
  it('reads the bindings, quieter by default (Workers logs are billed per line)', () => {
    expect(readWorkerSettings({ DB: {}, WSADMIN_BOOTSTRAP_KEY: 'wsk_x', WSADMIN_TEST_CLOCK: '1' })).toEqual({
      bootstrapKey: 'wsk_x',
      testClock: true,
      validateResponses: true,
      corsOrigins: undefined,
      rateLimits: undefined,
      logRequests: false,
    });
  });

  it.each<[string, { given: Record<string, unknown>; want: RegExp }]>([
    [
      'a database URL',
      {
        given: { DATABASE_URL: 'sqlite:x.db' },
        want: /^DATABASE_URL is not supported on Cloudflare Workers: .*D1 binding/,
      },
    ],
    ['a port', { given: { PORT: '8787' }, want: /^PORT is not supported on Cloudflare Workers/ }],
    ['a trusted proxy', { given: { WSADMIN_TRUST_PROXY: '1' }, want: /CF-Connecting-IP/ }],
    [
      'several processes',
      { given: { WSADMIN_WORKERS: '2' }, want: /^WSADMIN_WORKERS is not supported on Cloudflare Workers/ },
    ],
  ])('refuses %s, naming the binding', (_name, { given, want }) => {
    expect(() => readWorkerSettings(given)).toThrow(want);
  });
});
