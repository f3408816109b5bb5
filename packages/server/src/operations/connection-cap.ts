import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';
import type { Logger } from 'pino';

/** Descriptors kept back for the process's own files: the database (SQLite file, WAL, shared memory, or the PostgreSQL pool), logs, the cluster channel. */
export const RESERVED_DESCRIPTORS = 256;
/** Where the descriptor limit cannot be read (not Linux). */
export const FALLBACK_MAX_CONNECTIONS = 1024;
const MIN_CONNECTIONS = 64;
const MAX_CONNECTIONS = 65_536;

/**
 * The default of WSADMIN_MAX_CONNECTIONS: the process's descriptor limit (Node raises the soft limit
 * to the hard one on start) less RESERVED_DESCRIPTORS, within 64-65,536. Without a cap, 21,000 idle
 * sockets took 17,409 descriptors; at the limit the database could no longer open a file or a
 * connection. A fixed 1024 kept the process well but let 2,000 idle sockets lock every other client
 * out (docs/reliability.md, decision 0015): the cap only has to keep the process's own descriptors.
 */
export const defaultMaxConnections = (): number => maxConnectionsFor(readLimits());

/** The cap for a `/proc/self/limits` text (undefined: none to read). */
export function maxConnectionsFor(limits: string | undefined): number {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits ?? '')?.[1];
  if (soft === undefined) return FALLBACK_MAX_CONNECTIONS;
  const limit = soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  return Math.max(MIN_CONNECTIONS, Math.min(MAX_CONNECTIONS, limit - RESERVED_DESCRIPTORS));
}

function readLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

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
