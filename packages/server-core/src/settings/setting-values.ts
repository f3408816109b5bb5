import type { ServerRuntime } from './setting-row';

/**
 * The readers of single settings' texts, each throwing a plain Error that names the variable, its
 * value (never a password) and what it accepts; the table (setting-list.ts) turns them into schemas.
 */

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** WSADMIN_DRAIN_SECONDS unset. */
export const DEFAULT_DRAIN_SECONDS = 10;

/** PORT: 0-65535; 0 takes a free one. */
export function parsePort(value: string | undefined): number {
  const port = Number(value ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}

/** The SQLite file of a `sqlite:` URL (`:memory:`: a private in-memory database). */
export function sqliteFileOf(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

/** The URL with its password as `***` (messages and logs never show it). */
export function withoutPassword(url: string): string {
  return url.replace(/\/\/([^:/@]*):.*@/, '//$1:***@');
}

/** A URL this runtime can open, or an Error that never echoes its password. */
export function checkDatabaseUrl(url: string, runtime: ServerRuntime): string {
  const accepted =
    runtime === 'Node'
      ? 'sqlite:<file>, sqlite::memory: or postgres://user:password@host:5432/database'
      : 'sqlite:<file> or sqlite::memory:';
  if (url.startsWith('sqlite:')) {
    if (!sqliteFileOf(url))
      throw new Error('DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db');
    return url;
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    if (runtime === 'Node') return url;
    throw new Error(
      `DATABASE_URL: PostgreSQL is served by the Node server (@wsadmin/server); on ${runtime} the server stores its data in a SQLite file: use ${accepted}`,
    );
  }
  throw new Error(`unsupported DATABASE_URL "${withoutPassword(url)}": use ${accepted}`);
}

/** WSADMIN_WORKERS: a whole number >= 1, or `auto` for the CPUs this process may use. */
export function parseWorkers(value: string | undefined, cpus: (() => number) | undefined): number {
  const text = value?.trim();
  if (!text) return 1;
  if (text === 'auto') return cpus?.() ?? 1;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`WSADMIN_WORKERS must be a whole number >= 1 or "auto", got "${value}"`);
  return Number(text);
}

/** WSADMIN_DRAIN_SECONDS: seconds from 0 (cut at once) to an hour, fractions allowed. */
export function parseDrainSeconds(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_DRAIN_SECONDS;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds > 3600)
    throw new Error(`WSADMIN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, got "${value}"`);
  return seconds;
}

/** A whole number >= 1, or undefined when unset (the caller's default applies). */
export function parsePositive(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number >= 1, got "${value}"`);
  return number;
}
