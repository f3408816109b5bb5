import { describe, expect, it } from 'vitest';
import { readServerSettings, type ServerRuntime, withoutPassword } from './server-settings';
import { StartupError } from './startup-error';

const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  databaseUrl: 'sqlite:./data/wsadmin.db',
  logLevel: 'info',
  logFormat: 'json',
  bootstrapKey: undefined,
  testClock: false,
  testHooks: false,
  validateResponses: true,
  corsOrigins: undefined,
  rateLimits: undefined,
  trustProxy: false,
  metricsKey: undefined,
  passwordConcurrency: undefined,
  workers: 1,
  maxConnections: undefined,
  drainSeconds: 10,
};

/** What every runtime reads alike. */
const SHARED = {
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
  LOG_FORMAT: 'json',
  WSADMIN_WORKERS: '1',
};
const READ = {
  ...DEFAULTS,
  host: '0.0.0.0',
  port: 0,
  databaseUrl: 'sqlite::memory:',
  logLevel: 'warn',
  bootstrapKey: 'wsk_x',
  testClock: true,
  validateResponses: false,
  corsOrigins: ['http://localhost:5173'],
  rateLimits: { key: { capacity: 10, periodSeconds: 1 } },
  trustProxy: true,
};

const LISTENING: ServerRuntime[] = ['Node', 'Bun', 'Deno'];

/** The message of what `read` throws, which must be a StartupError (one line at start, no stack). */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  return 'not refused';
}

describe('readServerSettings, the one reader of every runtime', () => {
  it.each(LISTENING)('reads the same names and defaults on %s', (runtime) => {
    expect(readServerSettings({}, runtime)).toEqual(DEFAULTS);
    expect(readServerSettings(SHARED, runtime)).toEqual(READ);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a port that is no number', { PORT: 'abc' }, 'PORT must be 0-65535, got "abc"'],
    ['a port out of range', { PORT: '70000' }, 'PORT must be 0-65535, got "70000"'],
    [
      'a log level',
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"',
    ],
    [
      'a sqlite URL without a file',
      { DATABASE_URL: 'sqlite:' },
      'DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db',
    ],
    [
      'a CORS origin with a path',
      { WSADMIN_CORS_ORIGINS: 'http://localhost:5173/' },
      'WSADMIN_CORS_ORIGINS: "http://localhost:5173/" is not an origin; write scheme://host[:port] without a path, e.g. http://localhost:5173',
    ],
    [
      'a rate it cannot read',
      { WSADMIN_RATE_LIMIT: 'key=100' },
      'WSADMIN_RATE_LIMIT: cannot read "key=100"; expected off, or a comma list of <bucket>=<requests>/<period> with bucket key, address or strict and period s, min or h (e.g. 10s), e.g. key=100/s,address=200/s,strict=10/min',
    ],
  ])('refuses %s in the same words on Node, Bun and Deno', (_name, env, message) => {
    for (const runtime of LISTENING) expect(refusal(() => readServerSettings(env, runtime))).toBe(message);
  });

  it('reads the Node-only settings on Node, with the CPUs of WSADMIN_WORKERS=auto from its host', () => {
    expect(
      readServerSettings(
        {
          DATABASE_URL: 'postgres://u:pw@db/x',
          LOG_FORMAT: 'pretty',
          WSADMIN_TEST_HOOKS: '1',
          WSADMIN_METRICS_KEY: 'm',
          WSADMIN_PASSWORD_CONCURRENCY: '3',
          WSADMIN_WORKERS: 'auto',
          WSADMIN_MAX_CONNECTIONS: ' 64 ',
          WSADMIN_DRAIN_SECONDS: '2.5',
        },
        'Node',
        { cpus: () => 6 },
      ),
    ).toEqual({
      ...DEFAULTS,
      databaseUrl: 'postgres://u:pw@db/x',
      logFormat: 'pretty',
      testHooks: true,
      metricsKey: 'm',
      passwordConcurrency: 3,
      workers: 6,
      maxConnections: 64,
      drainSeconds: 2.5,
    });
  });

  it.each(['-1', 'ten', '3601', '1e3'])('refuses WSADMIN_DRAIN_SECONDS=%s, naming what it takes', (value) => {
    expect(refusal(() => readServerSettings({ WSADMIN_DRAIN_SECONDS: value }, 'Node'))).toBe(
      `WSADMIN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, got "${value}"`,
    );
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'several processes',
      { WSADMIN_WORKERS: '4' },
      /^WSADMIN_WORKERS is not supported on \w+: .*node:cluster/,
    ],
    ['metrics', { WSADMIN_METRICS_KEY: 'm' }, /^WSADMIN_METRICS_KEY is not supported on \w+: .*\/metrics/],
    ['a connection cap', { WSADMIN_MAX_CONNECTIONS: '10' }, /^WSADMIN_MAX_CONNECTIONS is not supported/],
    [
      'the scrypt bound',
      { WSADMIN_PASSWORD_CONCURRENCY: '2' },
      /^WSADMIN_PASSWORD_CONCURRENCY is not supported/,
    ],
    ['the PostgreSQL test hooks', { WSADMIN_TEST_HOOKS: '1' }, /^WSADMIN_TEST_HOOKS is not supported/],
    [
      'a drain deadline',
      { WSADMIN_DRAIN_SECONDS: '30' },
      /^WSADMIN_DRAIN_SECONDS is not supported on \w+: .*closeAllConnections/,
    ],
    ['pretty logs', { LOG_FORMAT: 'pretty' }, /^LOG_FORMAT is not supported on \w+: .*JSON/],
    [
      'PostgreSQL, without echoing the URL and its password',
      { DATABASE_URL: 'postgres://u:pw-secret@db/x' },
      /^DATABASE_URL: PostgreSQL is served by the Node server \(@wsadmin\/server\); on \w+ .*sqlite:<file> or sqlite::memory:$/,
    ],
  ])('refuses %s on Bun and Deno, naming the variable and why', (_name, env, want) => {
    for (const runtime of ['Bun', 'Deno'] as const) {
      const message = refusal(() => readServerSettings(env, runtime));
      expect(message).toMatch(want);
      expect(message).toContain(runtime);
      expect(message).not.toContain('pw-secret');
      expect(() => readServerSettings(env, 'Node', { cpus: () => 2 })).not.toThrow();
    }
  });

  it('names an unknown scheme with what this runtime accepts, never the password', () => {
    const env = { DATABASE_URL: 'mysql://u:pw-secret@db/x' };
    expect(refusal(() => readServerSettings(env, 'Node'))).toBe(
      'unsupported DATABASE_URL "mysql://u:***@db/x": use sqlite:<file>, sqlite::memory: or postgres://user:password@host:5432/database',
    );
    expect(refusal(() => readServerSettings(env, 'Bun'))).toBe(
      'unsupported DATABASE_URL "mysql://u:***@db/x": use sqlite:<file> or sqlite::memory:',
    );
    expect(withoutPassword('postgres://app:hunter2@h:5432/db')).toBe('postgres://app:***@h:5432/db');
  });

  it('refuses several processes on one private in-memory database', () => {
    expect(
      refusal(() => readServerSettings({ WSADMIN_WORKERS: '2', DATABASE_URL: 'sqlite::memory:' }, 'Node')),
    ).toMatch(/^WSADMIN_WORKERS=2 needs a database the processes share/);
  });
});

describe('readServerSettings on Cloudflare Workers (bindings)', () => {
  it('reads the text bindings, quieter by default (Workers logs are billed per line)', () => {
    const settings = readServerSettings(
      { DB: {}, WSADMIN_BOOTSTRAP_KEY: 'wsk_x', WSADMIN_TEST_CLOCK: '1' },
      'Cloudflare Workers',
    );
    expect(settings).toMatchObject({ bootstrapKey: 'wsk_x', testClock: true, logLevel: 'warn' });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'a database URL',
      { DATABASE_URL: 'sqlite:x.db' },
      /^DATABASE_URL is not supported on Cloudflare Workers: .*Durable Object WsadminDatabase/,
    ],
    ['a port', { PORT: '8787' }, /^PORT is not supported on Cloudflare Workers/],
    ['a trusted proxy', { WSADMIN_TRUST_PROXY: '1' }, /CF-Connecting-IP/],
    [
      'several processes',
      { WSADMIN_WORKERS: '2' },
      /^WSADMIN_WORKERS is not supported on Cloudflare Workers/,
    ],
  ])('refuses %s, naming the binding', (_name, env, want) => {
    expect(refusal(() => readServerSettings(env, 'Cloudflare Workers'))).toMatch(want);
  });
});

describe('readServerSettings: OpenTelemetry (OTEL_ variables, Node)', () => {
  const tracingOf = (env: Record<string, string>) => readServerSettings(env, 'Node').tracing;
  const ON = {
    exporters: ['otlp'],
    serviceName: 'wsadmin-server',
    sampler: 'parentbased_always_on',
    samplerRatio: 1,
    propagators: ['tracecontext', 'baggage'],
  };

  it.each<[string, Record<string, string>, unknown]>([
    ['off with no variable', {}, undefined],
    ['off with only a service name', { OTEL_SERVICE_NAME: 'x' }, undefined],
    ['on with an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, ON],
    [
      'on with an OTLP traces endpoint',
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' },
      ON,
    ],
    ['on when asked for otlp', { OTEL_TRACES_EXPORTER: 'otlp' }, ON],
    [
      'on with the console and otlp',
      { OTEL_TRACES_EXPORTER: ' Console, otlp ' },
      { ...ON, exporters: ['console', 'otlp'] },
    ],
    [
      'off when the exporter is none',
      { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' },
      undefined,
    ],
    ['off when the SDK is disabled', { OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' }, undefined],
    [
      'the sampler, its ratio, the service name and the propagators',
      {
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        OTEL_SERVICE_NAME: 'api-eu',
        OTEL_PROPAGATORS: 'tracecontext',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      },
      {
        ...ON,
        sampler: 'parentbased_traceidratio',
        samplerRatio: 0.1,
        serviceName: 'api-eu',
        propagators: ['tracecontext'],
      },
    ],
    ['no propagator', { OTEL_TRACES_EXPORTER: 'otlp', OTEL_PROPAGATORS: 'none' }, { ...ON, propagators: [] }],
  ])('%s', (_name, env, want) => {
    expect(tracingOf(env)).toEqual(want);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'an exporter it has not',
      { OTEL_TRACES_EXPORTER: 'zipkin' },
      'OTEL_TRACES_EXPORTER must be otlp, console or none, got "zipkin"',
    ],
    [
      'OTLP over gRPC',
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      'OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: this server exports OTLP over HTTP as JSON, which an OpenTelemetry Collector accepts on port 4318; unset it or set http/json',
    ],
    [
      'a sampler it does not know',
      { OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'jaeger_remote' },
      'OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, got "jaeger_remote"',
    ],
    [
      'a ratio above 1',
      { OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '10' },
      'OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "10"',
    ],
    [
      'a propagator it has not',
      { OTEL_TRACES_EXPORTER: 'otlp', OTEL_PROPAGATORS: 'b3' },
      'OTEL_PROPAGATORS must list tracecontext, baggage or none, got "b3"',
    ],
  ])('refuses %s, naming the variable', (_name, env, message) => {
    expect(refusal(() => readServerSettings(env, 'Node'))).toBe(message);
  });

  it.each(['Bun', 'Deno', 'Cloudflare Workers'] as const)(
    'refuses to turn traces on on %s, and ignores the variables that do not',
    (runtime) => {
      expect(refusal(() => readServerSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' }, runtime))).toMatch(
        /^OTEL_EXPORTER_OTLP_ENDPOINT is not supported on .*Node server/,
      );
      expect(
        readServerSettings({ OTEL_TRACES_EXPORTER: 'none', OTEL_SERVICE_NAME: 'x' }, runtime).tracing,
      ).toBe(undefined);
    },
  );
});
