import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request came from, read from its socket (the core applies WSADMIN_TRUST_PROXY
 * before it). Undefined without a socket: app.request in tests.
 */
export function peerAddressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Not served by @hono/node-server: no socket to ask.
    return undefined;
  }
}

/** `http://<local address>:<local port>` of the socket a request came on; undefined without one (tests). */
export function socketUrlOf(c: Context): string | undefined {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const address = socket?.localAddress;
  if (!socket || !address || socket.localPort === undefined) return undefined;
  const host = address.startsWith('::ffff:') ? address.slice(7) : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}
