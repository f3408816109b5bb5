/**
 * Whether an error means the database cannot be reached right now (answered 503, "retry later")
 * rather than a bug (500). Errors are recognised by their shape only, so this works for any driver
 * and runtime: socket error codes, PostgreSQL SQLSTATEs of lost or refused connections, SQLite's
 * "busy", and the messages of the `pg` pool, which carry no code.
 */
export function isStorageUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATE: class 08 connection exception; 57P01-57P03 server shutting down or starting;
 * 53300 too many connections.
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;

const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not queryable|connection refused|the database system is (starting up|shutting down)/i;

function matches(error: unknown, depth: number): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SQLSTATE.test(code) || code.startsWith('SQLITE_BUSY'))
  )
    return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => matches(inner, depth + 1))) return true;
  return matches(cause, depth + 1);
}
