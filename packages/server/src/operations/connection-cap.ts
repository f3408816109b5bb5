import type { Server } from 'node:net';
import type { Logger } from 'pino';

/**
 * Open connections one process keeps at most (WSADMIN_MAX_CONNECTIONS). Each is a file descriptor
 * and some memory; 21,000 idle sockets once took 17,409 descriptors and slowed every request
 * (docs/reliability.md). 1024 is far more than one process serves at once (a request takes
 * milliseconds; a load balancer pools a few dozen connections) and stays below the descriptor limit
 * Node raises itself to on start (the hard limit: 4096 or more on common systems), with room for
 * the database and the log.
 */
export const DEFAULT_MAX_CONNECTIONS = 1024;

export interface CapOptions {
  /** A cluster worker (WSADMIN_WORKERS > 1): it counts and closes by itself (see below). */
  inWorker: boolean;
  /** Called once per connection closed because the cap was reached. */
  onDrop: () => void;
}

/**
 * Closes every new connection past `cap` at once; the connections already open are served as
 * before. A single process sets Node's own `maxConnections` (the socket is closed before any byte
 * is read). A cluster worker cannot: in Node 20 a worker at its cap hands the connection back to
 * the primary, which offers it to the next worker, round after round while all are full (Node
 * 22.12 added `dropMaxConnection` for this). So a worker accepts it and destroys it instead.
 */
export function capConnections(server: Server, cap: number, options: CapOptions): void {
  if (!options.inWorker) {
    server.maxConnections = cap;
    server.on('drop', options.onDrop);
    return;
  }
  let open = 0;
  server.on('connection', (socket) => {
    if (open >= cap) {
      socket.destroy();
      options.onDrop();
      return;
    }
    open++;
    socket.once('close', () => {
      open--;
    });
  });
}

/** Seconds between two log lines about closed connections: a flood of them writes one line per window. */
export const DROP_REPORT_SECONDS = 10;

/** Logs closed connections: the first at once, then at most one line per window with the count. */
export function dropReporter(logger: Logger, cap: number, now: () => number = Date.now): () => void {
  let windowStart = Number.NEGATIVE_INFINITY;
  let unreported = 0;
  return () => {
    unreported++;
    const at = now();
    if (at - windowStart < DROP_REPORT_SECONDS * 1000) return;
    windowStart = at;
    logger.warn(
      { droppedConnections: unreported, maxConnections: cap },
      `connection cap reached: closed ${unreported} new connection(s) at WSADMIN_MAX_CONNECTIONS=${cap}`,
    );
    unreported = 0;
  };
}
