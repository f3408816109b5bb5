import type { LogLevel } from '@wsadmin/server-core/server-kit';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

/**
 * The Node server's logger: pino, JSON lines on stdout (or `pretty` for a terminal), in the shape
 * the other runtimes write without pino (the core's `jsonLinesLogger`; the lines themselves are the
 * core's `logRequest`). Nothing secret is ever passed to it; `redact` is a second line of defence
 * should a later change pass a request's headers or body.
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

/** What of pino's default destination (sonic-boom) says whether an asynchronous write is in flight. */
interface WritingStream {
  readonly _writing?: boolean;
  once?(event: 'drain' | 'error', listener: () => void): unknown;
}

/**
 * Resolves once every line the logger took is written out. pino's `flush(cb)` calls back at once
 * for its default destination (sonic-boom with `minLength` 0) while a write may still be in flight;
 * an exit then ran pino's synchronous flush of the lines after it first, and `drained` came out
 * before `shutting down` on a loaded machine. sonic-boom says `drain` when its last write is done.
 */
export function logWritten(logger: Logger): Promise<void> {
  const stream = (logger as unknown as Record<symbol, WritingStream | undefined>)[pino.symbols.streamSym];
  return new Promise((written) => {
    if (stream?._writing === true && stream.once) {
      stream.once('drain', written);
      stream.once('error', written);
    } else logger.flush(() => written());
  });
}
