import { CLIENT_CLOSED_REQUEST, type RequestReport } from '@wsadmin/server-core';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { LogLevel } from '../config';

/**
 * The server's logger: pino, JSON lines on stdout (or `pretty` for a terminal). Nothing secret is
 * ever passed to it; `redact` is a second line of defence should a later change pass a request's
 * headers or body.
 */
export function createLogger(
  options: { level: LogLevel; format: 'json' | 'pretty'; sync?: boolean },
  destination?: DestinationStream,
): Logger {
  const stream =
    destination ??
    (options.format === 'pretty'
      ? pretty({
          colorize: process.stdout.isTTY,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          sync: options.sync ?? false,
        })
      : pino.destination({ dest: 1, sync: options.sync ?? false }));
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'authorization',
          '*.authorization',
          'headers.authorization',
          '*.headers.authorization',
          'password',
          '*.password',
          'planToken',
          '*.planToken',
          'secret',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    stream,
  );
}

/**
 * One line per answered request: ids and templates only, never a path with its values, a header or
 * a body. A request the client abandoned is `aborted` at info: the server did not fail.
 */
export function logRequest(logger: Logger, report: RequestReport): void {
  const level = report.status >= 500 ? 'error' : 'info';
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
