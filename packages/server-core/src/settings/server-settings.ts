import type { RateLimits } from '../rate-limit/token-bucket';
import { parseCorsOrigins } from './cors-origins';
import { parseRateLimits } from './rate-limits';
import { StartupError } from './startup-error';

/** Where the reference server runs (docs/runtimes.md): each is a host of the same core. */
export type ServerRuntime = 'Node' | 'Bun' | 'Deno' | 'Cloudflare Workers';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The server's settings, read from the environment (a Worker: its bindings) by `readServerSettings`
 * alike on every runtime. The Node-only ones keep their defaults elsewhere: setting them on another
 * runtime is refused at start.
 */
export interface ServerSettings {
  host: string;
  port: number;
  /** `sqlite:<file>`, `sqlite::memory:` or, on Node, `postgres://…`. A Worker's database is its Durable Object's storage. */
  databaseUrl: string;
  /** pino's levels; `info` logs one line per request, `warn` and above only problems. */
  logLevel: LogLevel;
  /** `json`: one JSON object per line (for log collectors); `pretty` (Node): coloured lines for humans. */
  logFormat: 'json' | 'pretty';
  bootstrapKey: string | undefined;
  testClock: boolean;
  /** WSADMIN_TEST_HOOKS=1 (Node): the write-transaction pause hook of the tests. Never in production. */
  testHooks: boolean;
  validateResponses: boolean;
  /** Browser origins allowed by CORS; undefined: none. */
  corsOrigins: string[] | '*' | undefined;
  /** Token-bucket rates; undefined: unlimited. */
  rateLimits: RateLimits | undefined;
  /** Take the client address from the last `X-Forwarded-For` entry (behind one proxy or load balancer). */
  trustProxy: boolean;
  /** Node: when set, `GET /metrics` needs `Authorization: Bearer <this>`. */
  metricsKey: string | undefined;
  /** Node: password hashes and checks at once; undefined: half of libuv's thread pool. */
  passwordConcurrency: number | undefined;
  /** Server processes sharing the port (node:cluster, Node only); 1: this process serves alone. */
  workers: number;
  /** Node: open connections per process; undefined: the descriptor limit less 256 (the Node server's default). */
  maxConnections: number | undefined;
  /**
   * Node: after SIGTERM, how long requests in flight may take before their connections are closed
   * (WSADMIN_DRAIN_SECONDS, default 10). Elsewhere the 10 s after which a stuck close gives up.
   */
  drainSeconds: number;
  /** Node: OpenTelemetry traces, from the standard `OTEL_*` variables; undefined: off (the default). */
  tracing?: TracingSettings | undefined;
}

export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** OpenTelemetry's settings, as its standard variables name them (decision 0031). */
export interface TracingSettings {
  /** `otlp`: OTLP over HTTP, as JSON, to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT; `console`: spans on stdout. */
  exporters: ('otlp' | 'console')[];
  /** `service.name` of the spans; OTEL_SERVICE_NAME, default `wsadmin-server`. */
  serviceName: string;
  sampler: TraceSampler;
  /** The ratio of the `traceidratio` samplers (OTEL_TRACES_SAMPLER_ARG), 0 to 1; default 1. */
  samplerRatio: number;
  /** Headers read from requests: W3C `traceparent`/`tracestate`, and W3C `baggage`. Empty: none. */
  propagators: ('tracecontext' | 'baggage')[];
}

/** WSADMIN_DRAIN_SECONDS unset. */
export const DEFAULT_DRAIN_SECONDS = 10;

/** What the reader cannot know by itself, without Node: the CPUs of `WSADMIN_WORKERS=auto`. */
export interface SettingsOptions {
  cpus?: () => number;
}

/**
 * Settings only the Node server has, each with why another runtime has not: refused at start
 * rather than ignored, so nobody believes a setting took effect. The value a runtime has anyway
 * (one process, JSON lines) passes.
 */
const NODE_ONLY: Readonly<Record<string, { passes?: string; why: (runtime: ServerRuntime) => string }>> = {
  WSADMIN_WORKERS: {
    passes: '1',
    why: (runtime) =>
      `several processes on one port need node:cluster, which ${runtime} lacks: run one server per port (or the Node server)`,
  },
  WSADMIN_METRICS_KEY: { why: () => 'GET /metrics (prom-client) is served by the Node server only' },
  WSADMIN_MAX_CONNECTIONS: {
    why: (runtime) =>
      `the cap of open connections is the Node server's (node:http); ${runtime}'s server has none`,
  },
  WSADMIN_PASSWORD_CONCURRENCY: {
    why: () =>
      "it bounds scrypt on the Node server's thread pool; here hashes run as the runtime schedules them",
  },
  WSADMIN_TEST_HOOKS: { why: () => 'the test hooks are those of the Node server on PostgreSQL' },
  WSADMIN_DRAIN_SECONDS: {
    passes: String(DEFAULT_DRAIN_SECONDS),
    why: (runtime) =>
      `the drain deadline closes the connections left with node:http's closeAllConnections, which ${runtime}'s server lacks`,
  },
  // The variables that turn tracing on; the others of OpenTelemetry do nothing without them.
  OTEL_TRACES_EXPORTER: { passes: 'none', why: () => NO_TRACES_HERE },
  OTEL_EXPORTER_OTLP_ENDPOINT: { why: () => NO_TRACES_HERE },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { why: () => NO_TRACES_HERE },
  LOG_FORMAT: {
    passes: 'json',
    why: () => 'requests are logged as JSON lines only (the pretty format is pino-pretty, on Node)',
  },
};

const NO_TRACES_HERE = 'OpenTelemetry traces are exported by the Node server (@wsadmin/server) only';

/** Settings of a listening process, which a Worker is not: Cloudflare routes requests to it. */
const NOT_ON_WORKERS: Readonly<Record<string, string>> = {
  DATABASE_URL:
    'the database is the SQLite storage of the Durable Object WsadminDatabase (bound as WSADMIN in wrangler.toml)',
  HOST: 'a Worker does not listen: Cloudflare routes requests to it (routes in wrangler.toml)',
  PORT: 'a Worker does not listen: Cloudflare routes requests to it (`wrangler dev --port` locally)',
  WSADMIN_TRUST_PROXY: 'the client address is the CF-Connecting-IP header Cloudflare sets, always',
};

/**
 * The one reader of the server's settings, on every runtime: the environment of `wsadmin-server`
 * (Node), of the Bun and Deno commands, or a Worker's bindings, with the same names, defaults and
 * messages. Throws a StartupError naming the variable, its value and what it accepts, or why this
 * runtime cannot do what it asks.
 */
export function readServerSettings(
  bindings: Readonly<Record<string, unknown>>,
  runtime: ServerRuntime,
  options: SettingsOptions = {},
): ServerSettings {
  const env = textsOf(bindings);
  refuseUnsupported(env, runtime);
  const port = Number(env.PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new StartupError(`PORT must be 0-65535, got "${env.PORT}"`);
  // Workers logs are billed per line: a Worker logs problems only unless asked.
  const logLevel = env.LOG_LEVEL ?? (runtime === 'Cloudflare Workers' ? 'warn' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const logFormat = env.LOG_FORMAT ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'pretty')
    throw new StartupError(`LOG_FORMAT must be json or pretty, got "${logFormat}"`);
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/wsadmin.db';
  if (runtime !== 'Cloudflare Workers') checkDatabaseUrl(databaseUrl, runtime);
  const workers = parseWorkers(env.WSADMIN_WORKERS, options.cpus);
  // Each worker would open a private, empty database of its own.
  if (workers > 1 && databaseUrl === 'sqlite::memory:')
    throw new StartupError(
      `WSADMIN_WORKERS=${workers} needs a database the processes share, and DATABASE_URL=sqlite::memory: is private to one process: use sqlite:<file> or postgres://…, or WSADMIN_WORKERS=1`,
    );
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl,
    logLevel: logLevel as LogLevel,
    logFormat,
    bootstrapKey: env.WSADMIN_BOOTSTRAP_KEY || undefined,
    testClock: env.WSADMIN_TEST_CLOCK === '1',
    testHooks: env.WSADMIN_TEST_HOOKS === '1',
    validateResponses: env.NODE_ENV !== 'production',
    corsOrigins: startupProblem(() => parseCorsOrigins(env.WSADMIN_CORS_ORIGINS)),
    rateLimits: startupProblem(() => parseRateLimits(env.WSADMIN_RATE_LIMIT)),
    trustProxy: env.WSADMIN_TRUST_PROXY === '1',
    metricsKey: env.WSADMIN_METRICS_KEY || undefined,
    passwordConcurrency: parsePositive('WSADMIN_PASSWORD_CONCURRENCY', env.WSADMIN_PASSWORD_CONCURRENCY),
    workers,
    maxConnections: parsePositive('WSADMIN_MAX_CONNECTIONS', env.WSADMIN_MAX_CONNECTIONS?.trim()),
    drainSeconds: parseDrainSeconds(env.WSADMIN_DRAIN_SECONDS),
    tracing: runtime === 'Node' ? readTracingSettings(env) : undefined,
  };
}

/**
 * OpenTelemetry's standard variables, as far as this server honours them. Off unless an exporter is
 * asked for: OTEL_TRACES_EXPORTER=otlp or console, or an OTLP endpoint set without it (the SDK's
 * default exporter is otlp, but a server that exports to localhost:4318 on its own would surprise).
 * OTEL_SDK_DISABLED=true wins. Anything this server cannot do is refused, naming the variable.
 */
function readTracingSettings(env: Readonly<Record<string, string | undefined>>): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const named = listOf(env.OTEL_TRACES_EXPORTER);
  const exporters = named.length > 0 ? named : endpoint ? ['otlp'] : [];
  if (exporters.length === 0 || (exporters.length === 1 && exporters[0] === 'none')) return undefined;
  for (const exporter of exporters)
    if (exporter !== 'otlp' && exporter !== 'console')
      throw new StartupError(
        `OTEL_TRACES_EXPORTER must be otlp, console or none, got "${env.OTEL_TRACES_EXPORTER}"`,
      );
  if (exporters.includes('otlp')) {
    const protocols = {
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
      OTEL_EXPORTER_OTLP_PROTOCOL: env.OTEL_EXPORTER_OTLP_PROTOCOL,
    };
    for (const [name, given] of Object.entries(protocols)) {
      const protocol = given?.trim();
      if (protocol && protocol !== 'http/json')
        throw new StartupError(
          `${name}=${protocol} is not supported: this server exports OTLP over HTTP as JSON, which an OpenTelemetry Collector accepts on port 4318; unset it or set http/json`,
        );
    }
  }
  const sampler = (env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on') as TraceSampler;
  if (!TRACE_SAMPLERS.includes(sampler))
    throw new StartupError(
      `OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')}, got "${env.OTEL_TRACES_SAMPLER}"`,
    );
  const ratioText = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const samplerRatio = ratioText && sampler.endsWith('traceidratio') ? Number(ratioText) : 1;
  if (!(samplerRatio >= 0 && samplerRatio <= 1))
    throw new StartupError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "${ratioText}"`);
  const propagators = listOf(env.OTEL_PROPAGATORS ?? 'tracecontext,baggage').filter(
    (name) => name !== 'none',
  );
  for (const propagator of propagators)
    if (propagator !== 'tracecontext' && propagator !== 'baggage')
      throw new StartupError(
        `OTEL_PROPAGATORS must list tracecontext, baggage or none, got "${env.OTEL_PROPAGATORS}"`,
      );
  return {
    exporters: exporters as TracingSettings['exporters'],
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'wsadmin-server',
    sampler,
    samplerRatio,
    propagators: propagators as TracingSettings['propagators'],
  };
}

/** A comma list (OpenTelemetry's form), trimmed and lowercase, without empty items. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

/** The SQLite file of a `sqlite:` URL (`:memory:`: a private in-memory database). */
export function sqliteFileOf(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

/** Throws, naming the variable and why, for a setting this runtime cannot honour. */
function refuseUnsupported(env: Readonly<Record<string, string | undefined>>, runtime: ServerRuntime): void {
  if (runtime === 'Node') return;
  for (const [name, { passes, why }] of Object.entries(NODE_ONLY)) {
    const text = env[name]?.trim();
    if (text && text !== passes)
      throw new StartupError(`${name} is not supported on ${runtime}: ${why(runtime)}`);
  }
  if (runtime !== 'Cloudflare Workers') return;
  for (const [name, why] of Object.entries(NOT_ON_WORKERS)) {
    if (env[name] !== undefined && env[name] !== '')
      throw new StartupError(`${name} is not supported on Cloudflare Workers: ${why}`);
  }
}

/** A URL this runtime can open, or a StartupError that never echoes its password. */
function checkDatabaseUrl(url: string, runtime: ServerRuntime): void {
  const accepted =
    runtime === 'Node'
      ? 'sqlite:<file>, sqlite::memory: or postgres://user:password@host:5432/database'
      : 'sqlite:<file> or sqlite::memory:';
  if (url.startsWith('sqlite:')) {
    if (!sqliteFileOf(url))
      throw new StartupError('DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db');
    return;
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    if (runtime === 'Node') return;
    throw new StartupError(
      `DATABASE_URL: PostgreSQL is served by the Node server (@wsadmin/server); on ${runtime} the server stores its data in a SQLite file: use ${accepted}`,
    );
  }
  throw new StartupError(`unsupported DATABASE_URL "${withoutPassword(url)}": use ${accepted}`);
}

/** The URL with its password as `***` (messages and logs never show it). */
export function withoutPassword(url: string): string {
  return url.replace(/\/\/([^:/@]*):.*@/, '//$1:***@');
}

/** WSADMIN_WORKERS: a whole number >= 1, or `auto` for the CPUs this process may use. */
function parseWorkers(value: string | undefined, cpus: (() => number) | undefined): number {
  const text = value?.trim();
  if (!text) return 1;
  if (text === 'auto') return cpus?.() ?? 1;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new StartupError(`WSADMIN_WORKERS must be a whole number >= 1 or "auto", got "${value}"`);
  return Number(text);
}

/** WSADMIN_DRAIN_SECONDS: seconds from 0 (cut at once) to an hour, fractions allowed. */
function parseDrainSeconds(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_DRAIN_SECONDS;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds > 3600)
    throw new StartupError(
      `WSADMIN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, got "${value}"`,
    );
  return seconds;
}

function parsePositive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new StartupError(`${name} must be a whole number >= 1, got "${value}"`);
  return number;
}

/** The parsers of a single setting throw plain errors; at start they are StartupErrors. */
function startupProblem<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new StartupError((error as Error).message, { cause: error });
  }
}

/** The text bindings only (a Worker's also hold its Durable Object namespace and other objects). */
function textsOf(bindings: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const texts: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(bindings)) if (typeof value === 'string') texts[name] = value;
  return texts;
}
