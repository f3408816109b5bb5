export { type AppOptions, createApp } from './app';
export { type AccessKey, createKey, ensureBootstrapKey, listKeys, type NewKey, revokeKey } from './auth/keys';
export type { PasswordHasher } from './auth/passwords';
export { AdjustableClock, type Clock, systemClock } from './clock';
export { ApiError } from './http/api-error';
export { openMemoryStorage } from './storage/memory';
export type { Storage } from './storage/storage';
