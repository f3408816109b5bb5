import { getConnInfo } from '@hono/node-server/conninfo';
import { lastForwardedFor } from '@wsadmin/server-core/server-kit';
import type { Context } from 'hono';

/**
 * The address a request came from, for the per-address rate limit. Behind a proxy or load balancer
 * every socket is the balancer's, so with `trustProxy` the last `X-Forwarded-For` entry is used:
 * the one the trusted balancer appended (earlier entries are whatever the client claimed).
 */
export function clientAddressOf(trustProxy: boolean): (c: Context) => string | undefined {
  return (c) => {
    const forwarded = trustProxy ? lastForwardedFor(c.req.header('x-forwarded-for')) : undefined;
    if (forwarded) return forwarded;
    try {
      return getConnInfo(c).remote.address;
    } catch {
      // Not served by @hono/node-server (app.request in tests): no socket to ask.
      return undefined;
    }
  };
}
