import type { RateLimits } from '../rate-limit/token-bucket';
import { parseCorsOrigins } from './cors-origins';
import { parseRateLimits } from './rate-limits';
import { refuseNodeOnly } from './runtime-settings';

/** What the Worker reads from its bindings (`[vars]` and secrets of wrangler.toml). */
export interface WorkerSettings {
  bootstrapKey: string | undefined;
  testClock: boolean;
  validateResponses: boolean;
  corsOrigins: string[] | '*' | undefined;
  rateLimits: RateLimits | undefined;
  logRequests: boolean;
}

/** Settings of a listening process, which a Worker is not: Cloudflare routes requests to it. */
const NO_MEANING_ON_WORKERS: Readonly<Record<string, string>> = {
  DATABASE_URL: 'the database is the D1 binding (`DB` in wrangler.toml: [[d1_databases]] binding = "DB")',
  HOST: 'a Worker does not listen: Cloudflare routes requests to it (routes in wrangler.toml)',
  PORT: 'a Worker does not listen: Cloudflare routes requests to it (`wrangler dev --port` locally)',
  WSADMIN_TRUST_PROXY: 'the client address is the CF-Connecting-IP header Cloudflare sets, always',
};

/** Reads the bindings; throws naming the binding for what a Worker cannot do. */
export function readWorkerSettings(env: Record<string, unknown>): WorkerSettings {
  refuseNodeOnly(env, 'Cloudflare Workers');
  for (const [name, why] of Object.entries(NO_MEANING_ON_WORKERS)) {
    if (env[name] !== undefined && env[name] !== '')
      throw new Error(`${name} is not supported on Cloudflare Workers: ${why}`);
  }
  const text = (name: string) => (typeof env[name] === 'string' ? (env[name] as string) : undefined);
  const logLevel = text('LOG_LEVEL') ?? 'warn';
  return {
    bootstrapKey: text('WSADMIN_BOOTSTRAP_KEY') || undefined,
    testClock: text('WSADMIN_TEST_CLOCK') === '1',
    validateResponses: text('NODE_ENV') !== 'production',
    corsOrigins: parseCorsOrigins(text('WSADMIN_CORS_ORIGINS')),
    rateLimits: parseRateLimits(text('WSADMIN_RATE_LIMIT')),
    logRequests: ['trace', 'debug', 'info'].includes(logLevel),
  };
}
