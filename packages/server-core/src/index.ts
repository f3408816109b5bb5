/**
 * `@wsadmin/server-core`: the reference server without its Node runtime. The Hono app of every
 * contract operation, its handlers and queries, and storage on in-memory SQLite (sql.js); runs in
 * Node, browsers and workers. `@wsadmin/server` adds the SQLite file, PostgreSQL and the command;
 * `@wsadmin/mock` answers MSW requests with it.
 */
export { type AppOptions, createApp } from './app';
export { randomSecret } from './auth/digest';
export {
  type AccessKey,
  authDataKeyOf,
  createKey,
  ensureBootstrapKey,
  findKey,
  findKeyBySecret,
  hashSecret,
  listKeys,
  type NewKey,
  revokeKey,
} from './auth/keys';
export type { PasswordHasher } from './auth/passwords';
export { pbkdf2Passwords } from './auth/pbkdf2-passwords';
export { AdjustableClock, type Clock } from './clock';
export type { TaskRunner } from './context';
export { ApiError, describeError, RequestAbandonedError } from './errors';
export { CLIENT_CLOSED_REQUEST } from './http/abandoned';
export { CORS_RULE } from './http/cors-rule';
export { type MatchedOperation, matchOperation } from './http/match-operation';
export { jsonAnswerText, REQUEST_ID_HEADER } from './http/request-id';
export type { RequestReport } from './http/request-report';
export type { Tracing } from './http/tracing';
export { startTaskTimer, type TaskTimer, type TaskTimerReport } from './management/task-timer';
export {
  type RateBucket,
  type RateDecision,
  type RateLimiter,
  STRICT_OPERATIONS,
} from './rate-limit/rate-limiter';
export { type Rate, type RateLimits, tokenBucketLimiter } from './rate-limit/token-bucket';
export {
  assertWasmLocatable,
  type MemoryStorage,
  type MemoryStorageOptions,
  openMemoryStorage,
  type SqlWasm,
  type WasmOptionNames,
} from './storage/memory';
export { migrate, migrations } from './storage/migrations';
export { openStorage } from './storage/open-storage';
export type {
  ChangeVersion,
  FreshVersion,
  HeldVersion,
  QuickRead,
  StorageReads,
} from './storage/read-path';
export type { RowChangeCapture, StoredRowChange } from './storage/row-changes';
export type { AccountTable, Dialect, ObjectTable, Schema } from './storage/schema';
export type { StatementTracing } from './storage/statement-tracing';
export type { Reader, Storage } from './storage/storage';
export {
  openSyncSqliteStorage,
  type SyncSqliteConnection,
  type SyncSqliteOptions,
  type SyncSqliteStatement,
} from './storage/sync-sqlite';
export type { WriteScope } from './storage/write-locks';
