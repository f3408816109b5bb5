/**
 * `@wsadmin/server-core/server-kit`: what the server entries of Node (`@wsadmin/server`), Bun and
 * Deno share, all three having `node:crypto`: one host of the neutral core per runtime
 * (`serveOnRuntime` with a `RuntimeHost` that opens the database and listens), the one settings
 * reader, the command line with its usage, the banner, the index at `/`, the log lines and the
 * start-up errors, scrypt password hashes (so one SQLite file moves between them) and the keys
 * command. Not for browsers or Workers (the package's main entry and `./cloudflare-workers` are).
 */

export { publicKeyOf } from './auth/keys';
export { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from './auth/scrypt-passwords';
export { type Banner, type BannerLog, bannerRecord, printBanner } from './runtimes/banner';
export {
  type CommandHost,
  parseServerArguments,
  runCommand,
  runKeysCommandLine,
  type ServerArguments,
  serverUsage,
} from './runtimes/command';
export { serveDocument } from './runtimes/document';
export { lastForwardedFor } from './runtimes/forwarded-for';
export { DOCS_PATH, type HomeOptions, mountHome } from './runtimes/home';
export { KEY_ADMIN_PATH } from './runtimes/key-admin';
export {
  type KeysCommand,
  type KeysIo,
  keysUsage,
  parseKeysCommand,
  printsSql,
  runKeysCommand,
  runKeysSql,
  UsageError,
} from './runtimes/keys-command';
export { listenError } from './runtimes/listen-error';
export { type ErrorField, errorFields, jsonLinesLogger, logRequest, type ServerLogger } from './runtimes/log';
export {
  CLOSE_GRACE_MS,
  type CloseOptions,
  type Drained,
  drainOnSignals,
  type HostAdditions,
  type HostTracing,
  type Listening,
  type PeerBindings,
  type RuntimeHost,
  type RuntimeServer,
  runOnRuntime,
  type ServeOptions,
  serveOnRuntime,
} from './runtimes/serve';
export { parseCorsOrigins } from './settings/cors-origins';
export { parseRateLimits, RATE_LIMIT_SYNTAX } from './settings/rate-limits';
export {
  LOG_LEVELS,
  type LogLevel,
  readServerSettings,
  type ServerRuntime,
  type ServerSettings,
  type SettingsOptions,
  type TraceSampler,
  type TracingSettings,
} from './settings/server-settings';
export { SETTINGS } from './settings/setting-list';
export type { Setting } from './settings/setting-row';
export { StartupError } from './settings/startup-error';
