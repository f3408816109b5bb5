export { type AppOptions, createApp } from './app';
export {
  type AccessKey,
  createKey,
  ensureBootstrapKey,
  findKeyBySecret,
  listKeys,
  type NewKey,
  revokeKey,
} from './auth/keys';
export type { PasswordHasher } from './auth/passwords';
export { pbkdf2Passwords } from './auth/pbkdf2-passwords';
export { AdjustableClock, type Clock, systemClock } from './clock';
export { ApiError } from './http/api-error';
export { type MatchedOperation, matchOperation } from './http/match-operation';
export { bySpecificity } from './http/routes';
export { type MemoryStorage, openMemoryStorage } from './storage/memory';
export type { Storage } from './storage/storage';
