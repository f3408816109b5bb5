import { z } from 'zod';
import { parseCorsOrigins } from './cors-origins';
import { parseRateLimits } from './rate-limits';
import {
  type FieldSetting,
  flag,
  type GroupSetting,
  optionalText,
  type ServerRuntime,
  type Setting,
  textReader,
} from './setting-row';
import {
  checkDatabaseUrl,
  DEFAULT_DRAIN_SECONDS,
  LOG_LEVELS,
  parseDrainSeconds,
  parsePort,
  parsePositive,
  parseWorkers,
} from './setting-values';

/*
 * The one table of the server's settings: each environment variable (a Worker: binding) with its
 * default and meaning (`--help`), the runtimes that honour it and what the others do with it (the
 * refusals at start), and the schema that reads it into its field (`ServerSettings` is inferred
 * from these rows, and `readServerSettings` reads them in this order).
 */

const EVERY: readonly ServerRuntime[] = ['Node', 'Bun', 'Deno', 'Cloudflare Workers'];
const LISTENING: readonly ServerRuntime[] = ['Node', 'Bun', 'Deno'];
const NODE: readonly ServerRuntime[] = ['Node'];

/** A row read into `field`, its types kept for `FieldsOf`. */
function field<Field extends string, Value>(row: FieldSetting<Field, Value>): FieldSetting<Field, Value> {
  return row;
}

/** A row read with others, or by the runtime itself: no field of its own. */
function group(row: GroupSetting): GroupSetting {
  return row;
}

/** Settings of a listening process, which a Worker is not: Cloudflare routes requests to it. */
const notOnWorkers = (why: string) => ({ refused: () => why });
const NO_TRACES_HERE = 'OpenTelemetry traces are exported by the Node server (@wsadmin/server) only';
const TRACES_OFF = { ignored: 'it does nothing without traces, which only the Node server exports' };
const TRACING = 'the tracing reader (tracing-settings.ts), with the other OTEL_ variables';

export const SETTINGS = [
  field({
    field: 'host',
    name: 'HOST',
    default: '127.0.0.1',
    meaning: 'interface to listen on; 0.0.0.0 for every interface',
    runtimes: LISTENING,
    elsewhere: notOnWorkers(
      'a Worker does not listen: Cloudflare routes requests to it (routes in wrangler.toml)',
    ),
    schema: () => z.string().default('127.0.0.1'),
  }),
  field({
    field: 'port',
    name: 'PORT',
    default: '8787',
    meaning: 'TCP port; 0 takes a free one (the printed URL shows which)',
    runtimes: LISTENING,
    elsewhere: notOnWorkers(
      'a Worker does not listen: Cloudflare routes requests to it (`wrangler dev --port` locally)',
    ),
    schema: () => textReader(parsePort),
  }),
  field({
    field: 'databaseUrl',
    name: 'DATABASE_URL',
    default: 'sqlite:./data/wsadmin.db',
    meaning: 'sqlite:<file> (directory created), sqlite::memory: or, on Node, postgres://user:pw@host/db',
    runtimes: LISTENING,
    elsewhere: notOnWorkers(
      'the database is the SQLite storage of the Durable Object WsadminDatabase (bound as WSADMIN in wrangler.toml)',
    ),
    schema: ({ runtime }) =>
      textReader((text) => checkDatabaseUrl(text ?? 'sqlite:./data/wsadmin.db', runtime)),
  }),
  field({
    field: 'logLevel',
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'trace, debug, info (a line per request), warn, error, fatal or silent',
    runtimes: EVERY,
    // Workers logs are billed per line: a Worker logs problems only unless asked.
    schema: ({ runtime }) =>
      z
        .enum(LOG_LEVELS, {
          error: (issue) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${String(issue.input)}"`,
        })
        .default(runtime === 'Cloudflare Workers' ? 'warn' : 'info'),
  }),
  field({
    field: 'logFormat',
    name: 'LOG_FORMAT',
    default: 'json',
    meaning: 'json (a JSON object per line) or, on Node, pretty (for a terminal)',
    runtimes: NODE,
    elsewhere: {
      passes: 'json',
      refused: () => 'requests are logged as JSON lines only (the pretty format is pino-pretty, on Node)',
    },
    schema: () =>
      z
        .enum(['json', 'pretty'], {
          error: (issue) => `LOG_FORMAT must be json or pretty, got "${String(issue.input)}"`,
        })
        .default('json'),
  }),
  field({
    field: 'bootstrapKey',
    name: 'WSADMIN_BOOTSTRAP_KEY',
    default: 'unset: an empty database gets a new key, shown once',
    meaning: 'a secret that every start makes sure exists as an unrestricted key',
    runtimes: EVERY,
    schema: optionalText,
  }),
  field({
    field: 'workers',
    name: 'WSADMIN_WORKERS',
    default: '1',
    meaning: 'server processes sharing the port, or auto (one per CPU); not with sqlite::memory:',
    runtimes: NODE,
    elsewhere: {
      passes: '1',
      refused: (runtime) =>
        `several processes on one port need node:cluster, which ${runtime} lacks: run one server per port (or the Node server)`,
    },
    schema: ({ cpus }) => textReader((text) => parseWorkers(text, cpus)),
  }),
  field({
    field: 'corsOrigins',
    name: 'WSADMIN_CORS_ORIGINS',
    default: 'unset: no CORS headers',
    meaning: 'browser origins allowed: * or a comma list such as http://localhost:5173',
    runtimes: EVERY,
    schema: () => textReader(parseCorsOrigins),
  }),
  field({
    field: 'rateLimits',
    name: 'WSADMIN_RATE_LIMIT',
    default: 'off (unlimited)',
    meaning: 'token buckets, e.g. key=100/s,address=200/s,strict=10/min',
    runtimes: EVERY,
    schema: () => textReader(parseRateLimits),
  }),
  field({
    field: 'trustProxy',
    name: 'WSADMIN_TRUST_PROXY',
    default: 'unset',
    meaning: '1: the client address is the last X-Forwarded-For entry (behind one proxy)',
    runtimes: LISTENING,
    elsewhere: notOnWorkers('the client address is the CF-Connecting-IP header Cloudflare sets, always'),
    schema: flag,
  }),
  field({
    field: 'metricsKey',
    name: 'WSADMIN_METRICS_KEY',
    default: 'unset: GET /metrics is open',
    meaning: 'GET /metrics then needs Authorization: Bearer <this>',
    runtimes: NODE,
    elsewhere: { refused: () => 'GET /metrics (prom-client) is served by the Node server only' },
    schema: optionalText,
  }),
  field({
    field: 'passwordConcurrency',
    name: 'WSADMIN_PASSWORD_CONCURRENCY',
    default: 'half of UV_THREADPOOL_SIZE, so 2',
    meaning: 'password hashes and checks at once (scrypt, 128 MiB each); the rest queue',
    runtimes: NODE,
    elsewhere: {
      refused: () =>
        "it bounds scrypt on the Node server's thread pool; here hashes run as the runtime schedules them",
    },
    schema: () => textReader((text) => parsePositive('WSADMIN_PASSWORD_CONCURRENCY', text)),
  }),
  group({
    name: 'UV_THREADPOOL_SIZE',
    default: '4',
    meaning: 'the thread pool (libuv) that hashes passwords',
    runtimes: NODE,
    elsewhere: { ignored: "libuv's thread pool is Node's" },
    readBy: 'Node itself, and the default of WSADMIN_PASSWORD_CONCURRENCY (auth/scrypt-passwords.ts)',
  }),
  field({
    field: 'maxConnections',
    name: 'WSADMIN_MAX_CONNECTIONS',
    default: 'the descriptor limit less 256, within 64-65,536',
    meaning: 'open connections per process (1024 off Linux); one past it is closed at once',
    runtimes: NODE,
    elsewhere: {
      refused: (runtime) =>
        `the cap of open connections is the Node server's (node:http); ${runtime}'s server has none`,
    },
    schema: () => textReader((text) => parsePositive('WSADMIN_MAX_CONNECTIONS', text?.trim())),
  }),
  field({
    field: 'drainSeconds',
    name: 'WSADMIN_DRAIN_SECONDS',
    default: String(DEFAULT_DRAIN_SECONDS),
    meaning: 'after SIGTERM: how long requests in flight may take; then their connections close',
    runtimes: NODE,
    elsewhere: {
      passes: String(DEFAULT_DRAIN_SECONDS),
      refused: (runtime) =>
        `the drain deadline closes the connections left with node:http's closeAllConnections, which ${runtime}'s server lacks`,
    },
    schema: () => textReader(parseDrainSeconds),
  }),
  field({
    field: 'validateResponses',
    name: 'NODE_ENV',
    default: 'unset',
    meaning: 'production: stop checking every answer against the contract',
    runtimes: EVERY,
    schema: () =>
      z
        .string()
        .optional()
        .transform((text) => text !== 'production'),
  }),
  field({
    field: 'testClock',
    name: 'WSADMIN_TEST_CLOCK',
    default: 'unset',
    meaning: '1: serve POST /__test__/clock/ for tests; never on a server others can reach',
    runtimes: EVERY,
    schema: flag,
  }),
  field({
    field: 'testHooks',
    name: 'WSADMIN_TEST_HOOKS',
    default: 'unset',
    meaning: "1 turns on the tests' write-transaction pause hook; never in production",
    runtimes: NODE,
    elsewhere: { refused: () => 'the test hooks are those of the Node server on PostgreSQL' },
    schema: flag,
  }),
  // The variables that turn tracing on are refused elsewhere; the others do nothing without them.
  group({
    name: 'OTEL_TRACES_EXPORTER',
    default: 'unset: none, or otlp when an OTLP endpoint is set',
    meaning: 'otlp (OTLP/HTTP JSON), console or none; needs the OpenTelemetry packages',
    runtimes: NODE,
    elsewhere: { passes: 'none', refused: () => NO_TRACES_HERE },
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset (the exporter then uses http://localhost:4318)',
    meaning: 'the collector, e.g. http://collector:4318; setting it turns traces on',
    runtimes: NODE,
    elsewhere: { refused: () => NO_TRACES_HERE },
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    default: 'unset',
    meaning: 'the full traces URL (…/v1/traces), before the one above; turns traces on',
    runtimes: NODE,
    elsewhere: { refused: () => NO_TRACES_HERE },
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: 'http/json',
    meaning: 'only http/json is built in; any other value is refused',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
    default: 'http/json',
    meaning: 'as OTEL_EXPORTER_OTLP_PROTOCOL, for traces only',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_SERVICE_NAME',
    default: 'wsadmin-server',
    meaning: 'service.name of the spans',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_TRACES_SAMPLER',
    default: 'parentbased_always_on',
    meaning: 'always_on, always_off, traceidratio or their parentbased_ forms',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_TRACES_SAMPLER_ARG',
    default: '1',
    meaning: 'the ratio (0-1) of the traceidratio samplers, e.g. 0.1',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_PROPAGATORS',
    default: 'tracecontext,baggage',
    meaning: 'headers continued: tracecontext (traceparent, tracestate), baggage, none',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
  group({
    name: 'OTEL_SDK_DISABLED',
    default: 'unset',
    meaning: 'true: no traces, whatever the other OTEL_ variables say',
    runtimes: NODE,
    elsewhere: TRACES_OFF,
    readBy: TRACING,
  }),
] as const satisfies readonly Setting[];
