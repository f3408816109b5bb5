import type { RateLimits } from '../rate-limit/token-bucket';
import { parseCorsOrigins } from './cors-origins';
import { parseRateLimits } from './rate-limits';

/** A runtime the reference server runs on besides Node (docs/runtimes.md). */
export type ServerRuntime = 'Bun' | 'Deno' | 'Cloudflare Workers';

/** What the Bun and Deno servers read from the environment (the Node server's names and defaults). */
export interface RuntimeSettings {
  host: string;
  port: number;
  /** The SQLite file, or `:memory:`. */
  databaseFile: string;
  bootstrapKey: string | undefined;
  testClock: boolean;
  validateResponses: boolean;
  corsOrigins: string[] | '*' | undefined;
  rateLimits: RateLimits | undefined;
  /** Take the client address from the last `X-Forwarded-For` entry. */
  trustProxy: boolean;
  /** One JSON line per request on stdout (`LOG_LEVEL` trace, debug or info); else problems only. */
  logRequests: boolean;
}

/**
 * Settings the Node server has and these runtimes do not, each with why: refused at start rather
 * than ignored, so nobody believes a setting took effect.
 */
const NODE_ONLY: Readonly<Record<string, (runtime: ServerRuntime) => string>> = {
  WSADMIN_WORKERS: (runtime) =>
    `several processes on one port need node:cluster, which ${runtime} lacks: run one server per port (or the Node server)`,
  WSADMIN_METRICS_KEY: () => 'GET /metrics (prom-client) is served by the Node server only',
  WSADMIN_MAX_CONNECTIONS: (runtime) =>
    `the cap of open connections is the Node server's (node:http); ${runtime}'s server has none`,
  WSADMIN_PASSWORD_CONCURRENCY: () =>
    "it bounds scrypt on the Node server's thread pool; here hashes run as the runtime schedules them",
  WSADMIN_TEST_HOOKS: () => 'the test hooks are those of the Node server on PostgreSQL',
  LOG_FORMAT: () => 'requests are logged as JSON lines only (the pretty format is pino-pretty, on Node)',
};

/** Throws, naming the variable and why, for a setting only the Node server has. */
export function refuseNodeOnly(env: Record<string, unknown>, runtime: ServerRuntime): void {
  for (const [name, why] of Object.entries(NODE_ONLY)) {
    const value = env[name];
    const text = typeof value === 'string' ? value.trim() : value;
    // WSADMIN_WORKERS=1 is what every runtime does anyway.
    if (!text || (name === 'WSADMIN_WORKERS' && text === '1')) continue;
    throw new Error(`${name} is not supported on ${runtime}: ${why(runtime)}`);
  }
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** Reads the environment as the Node server does; throws naming the variable for what it cannot do. */
export function readRuntimeSettings(
  env: Record<string, string | undefined>,
  runtime: ServerRuntime,
): RuntimeSettings {
  refuseNodeOnly(env, runtime);
  const port = Number(env.PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseFile: sqliteFileOf(env.DATABASE_URL ?? 'sqlite:./data/wsadmin.db', runtime),
    bootstrapKey: env.WSADMIN_BOOTSTRAP_KEY || undefined,
    testClock: env.WSADMIN_TEST_CLOCK === '1',
    validateResponses: env.NODE_ENV !== 'production',
    corsOrigins: parseCorsOrigins(env.WSADMIN_CORS_ORIGINS),
    rateLimits: parseRateLimits(env.WSADMIN_RATE_LIMIT),
    trustProxy: env.WSADMIN_TRUST_PROXY === '1',
    logRequests: ['trace', 'debug', 'info'].includes(logLevel),
  };
}

function sqliteFileOf(url: string, runtime: ServerRuntime): string {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (!file)
      throw new Error('DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db');
    return file;
  }
  if (/^postgres(ql)?:\/\//.test(url))
    throw new Error(
      `DATABASE_URL: PostgreSQL is served by the Node server (@wsadmin/server); on ${runtime} the server stores its data in a SQLite file: use sqlite:<file> or sqlite::memory:`,
    );
  // The URL may carry a password: only its scheme is named.
  throw new Error(
    `unsupported DATABASE_URL (scheme "${url.split(':')[0]}"): use sqlite:<file> or sqlite::memory:`,
  );
}
