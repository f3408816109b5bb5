/**
 * `@wsadmin/server-core/server-kit`: what the server entries of Node (`@wsadmin/server`), Bun and
 * Deno share, all three having `node:crypto`: scrypt password hashes (so one SQLite file moves
 * between them), the settings read from the environment, the start banner and the keys command. Not for browsers
 * or Workers (the package's main entry and `./cloudflare-workers` are).
 */
export { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from './auth/scrypt-passwords';
export { type Banner, printBanner } from './runtimes/banner';
export { serveDocument } from './runtimes/document';
export { lastForwardedFor } from './runtimes/forwarded-for';
export {
  type KeysCommand,
  type KeysIo,
  keysUsage,
  parseKeysCommand,
  printsSql,
  publicKeyOf,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from './runtimes/keys-command';
export { parseCorsOrigins } from './settings/cors-origins';
export { parseRateLimits, RATE_LIMIT_SYNTAX } from './settings/rate-limits';
