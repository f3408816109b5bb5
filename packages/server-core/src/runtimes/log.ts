import { describeError } from '../errors';
import { CLIENT_CLOSED_REQUEST } from '../http/abandoned';
import type { RequestReport } from '../http/request-report';
import type { LogLevel } from '../settings/server-settings';

/**
 * What the server logs through: pino on Node (whose `Logger` has this shape), `jsonLinesLogger`
 * elsewhere. Either writes the same JSON lines, so a log collector reads every runtime alike.
 */
export interface ServerLogger {
  isLevelEnabled(level: LogLevel): boolean;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** Writes out what is buffered, then calls `done` (pino's: its stdout writes are asynchronous). */
  flush?(done: (error?: Error) => void): void;
}

/** pino's numbers for its levels, which the lines carry as `level`. */
export const LEVEL_NUMBERS: Readonly<Record<Exclude<LogLevel, 'silent'>, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * pino's line without pino: `{"level":30,"time":"<ISO>","pid":…,…fields,"msg":"…"}`, one per
 * `write` (default: stdout). A Worker has no process id, so its lines have no `pid`.
 */
export function jsonLinesLogger(options: {
  level: LogLevel;
  pid?: number | undefined;
  write?: (line: string) => void;
}): ServerLogger {
  const threshold = options.level === 'silent' ? Number.POSITIVE_INFINITY : LEVEL_NUMBERS[options.level];
  const write = options.write ?? ((line: string) => console.log(line));
  const base = options.pid === undefined ? {} : { pid: options.pid };
  const enabled = (level: LogLevel) => level !== 'silent' && LEVEL_NUMBERS[level] >= threshold;
  const line = (level: 'info' | 'warn' | 'error') => (fields: object, message: string) => {
    if (!enabled(level)) return;
    const time = new Date().toISOString();
    write(JSON.stringify({ level: LEVEL_NUMBERS[level], time, ...base, ...fields, msg: message }));
  };
  return { isLevelEnabled: enabled, info: line('info'), warn: line('warn'), error: line('error') };
}

/** An error as a log line's field: what `errorFields` gives. */
export interface ErrorField {
  type: string;
  message: string;
  /** The stack as one string: JSON escapes its newlines, so the line stays one line. */
  stack?: string;
}

/**
 * An error as the `err` field of a log line (pino's name for it): its class, message and stack,
 * never the database's detail fields (a failing row may hold a password hash). Not an Error: only
 * its type, since any value could hold a secret.
 */
export function errorFields(error: unknown): { err: ErrorField } {
  if (!(error instanceof Error)) return { err: { type: typeof error, message: describeError(error) } };
  return { err: { type: error.name, message: error.message, stack: describeError(error) } };
}

/**
 * One line per answered request, on every runtime: ids and templates only, never a path with its
 * values, a header or a body. A request the client abandoned is `aborted` at info: the server did
 * not fail; so is a `/readyz` that answers 503.
 */
export function logRequest(logger: ServerLogger, report: RequestReport): void {
  // A probe's 503 is its answer, not a failure of the server: the outage behind it is logged once
  // per change of state (`readiness.onChange`), not at error once per probe.
  const level = report.status >= 500 && report.route !== '/readyz' ? 'error' : 'info';
  // Every request passes here: at LOG_LEVEL=silent (or warn) it builds nothing.
  if (!logger.isLevelEnabled(level)) return;
  const fields = {
    requestId: report.requestId,
    method: report.method,
    route: report.route,
    operationId: report.operationId,
    status: report.status,
    durationMs: Math.round(report.durationMs * 10) / 10,
    keyId: report.keyId,
    rateLimited: report.rateLimited,
  };
  if (level === 'error') logger.error(fields, 'request failed');
  else logger.info(fields, report.status === CLIENT_CLOSED_REQUEST ? 'aborted' : 'request');
}
