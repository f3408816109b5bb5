import { resolve } from 'node:path';
import { StartupError } from './startup-error';

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Why a SQLite file could not be opened, and what to do, by the error's code. */
function sqliteReason(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    const path = (error as { path?: unknown }).path;
    return `a file is in the way of the directory ${typeof path === 'string' ? path : 'of the path'} (${code}): choose a path in a directory`;
  }
  if (code === 'EACCES' || code === 'EPERM')
    return `permission denied (${code}): choose a path this user may write, or change its permissions`;
  if (code === 'EROFS') return 'read-only file system (EROFS): choose a path on a writable file system';
  if (code === 'SQLITE_CANTOPEN')
    return 'unable to open it (SQLITE_CANTOPEN): check that the path names a file, not a directory, in a directory this user may write';
  if (code === 'SQLITE_NOTADB')
    return 'the file is not a SQLite database (SQLITE_NOTADB): point DATABASE_URL at a wsadmin database or at a new file';
  if (code?.startsWith('SQLITE_READONLY'))
    return `the database is read-only (${code}): make the file and its directory writable by this user`;
  if (code?.startsWith('SQLITE_CORRUPT'))
    return `the file is damaged (${code}): restore it from a backup, or point DATABASE_URL at a new file`;
  return messageOf(error);
}

/** The error of a SQLite file that cannot be opened: its absolute path, the URL as given, why, what to do. */
export function sqliteOpenError(file: string, error: unknown): StartupError {
  return new StartupError(
    `cannot open the SQLite database ${resolve(file)} (DATABASE_URL=sqlite:${file}): ${sqliteReason(error)}`,
    { cause: error },
  );
}

function postgresAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the host of DATABASE_URL';
  }
}

/** Why PostgreSQL could not be reached or used, and what to do, by pg's error code. */
function postgresReason(url: string, error: unknown): string {
  const code = codeOf(error);
  const address = postgresAddress(url);
  if (code === 'ERR_INVALID_URL')
    return 'DATABASE_URL is not a valid URL: write postgres://user:password@host:5432/database, with special characters of the password percent-encoded';
  if (code === 'ECONNREFUSED')
    return `connection refused at ${address} (ECONNREFUSED): start PostgreSQL there, or correct the host and port in DATABASE_URL`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `no such host (${code}): correct the host in DATABASE_URL`;
  if (code === 'ETIMEDOUT' || /timeout/i.test(messageOf(error)))
    return `no answer from ${address} in time: check the host, the port and any firewall between`;
  if (code === '28P01' || code === '28000')
    return `${messageOf(error)} (${code}): correct the user or password in DATABASE_URL`;
  if (code === '3D000')
    return `${messageOf(error)} (3D000): create it (createdb), or correct the database name in DATABASE_URL`;
  return messageOf(error);
}

/** The error of a PostgreSQL database that cannot be opened; `location` is the URL without its password. */
export function postgresOpenError(url: string, location: string, error: unknown): StartupError {
  return new StartupError(`cannot open the PostgreSQL database ${location}: ${postgresReason(url, error)}`, {
    cause: error,
  });
}
