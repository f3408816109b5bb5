import { availableParallelism } from 'node:os';
import type { RateLimits } from '@wsadmin/server-core';
import { parseCorsOrigins, parseRateLimits } from '@wsadmin/server-core/server-kit';
import { defaultMaxConnections } from './operations/connection-cap';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Settings of `npm start`, read from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  /** pino's levels; `info` logs one line per request, `warn` and above only problems. */
  logLevel: LogLevel;
  /** `json`: one JSON object per line (for log collectors); `pretty`: coloured lines for humans. */
  logFormat: 'json' | 'pretty';
  bootstrapKey: string | undefined;
  testClock: boolean;
  /** WSADMIN_TEST_HOOKS=1: the write-transaction pause hook of the tests (storage/write-locks.ts). Never in production. */
  testHooks: boolean;
  validateResponses: boolean;
  /** Browser origins allowed by CORS; undefined: none. */
  corsOrigins: string[] | '*' | undefined;
  /** Token-bucket rates; undefined: unlimited. */
  rateLimits: RateLimits | undefined;
  /** Take the client address from the last `X-Forwarded-For` entry (behind one proxy or load balancer). */
  trustProxy: boolean;
  /** When set, `GET /metrics` needs `Authorization: Bearer <this>`. */
  metricsKey: string | undefined;
  /** Password hashes and checks at once; undefined: half of libuv's thread pool. */
  passwordConcurrency: number | undefined;
  /** Server processes sharing the port (node:cluster); 1: this process serves alone. */
  workers: number;
  /** Open connections per process; a new one past it is closed at once (operations/connection-cap.ts). */
  maxConnections: number;
}

export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const port = Number(env.PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const logFormat = env.LOG_FORMAT ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'pretty')
    throw new Error(`LOG_FORMAT must be json or pretty, got "${logFormat}"`);
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/wsadmin.db';
  const workers = parseWorkers(env.WSADMIN_WORKERS);
  // Each worker would open a private, empty database of its own.
  if (workers > 1 && databaseUrl === 'sqlite::memory:')
    throw new Error(
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
    corsOrigins: parseCorsOrigins(env.WSADMIN_CORS_ORIGINS),
    rateLimits: parseRateLimits(env.WSADMIN_RATE_LIMIT),
    trustProxy: env.WSADMIN_TRUST_PROXY === '1',
    metricsKey: env.WSADMIN_METRICS_KEY || undefined,
    passwordConcurrency: parsePositive('WSADMIN_PASSWORD_CONCURRENCY', env.WSADMIN_PASSWORD_CONCURRENCY),
    workers,
    maxConnections:
      parsePositive('WSADMIN_MAX_CONNECTIONS', env.WSADMIN_MAX_CONNECTIONS?.trim()) ??
      defaultMaxConnections(),
  };
}

function parsePositive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number >= 1, got "${value}"`);
  return number;
}

/** WSADMIN_WORKERS: a whole number >= 1, or `auto` for the CPUs this process may use. */
export function parseWorkers(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return 1;
  if (text === 'auto') return availableParallelism();
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`WSADMIN_WORKERS must be a whole number >= 1 or "auto", got "${value}"`);
  return Number(text);
}
