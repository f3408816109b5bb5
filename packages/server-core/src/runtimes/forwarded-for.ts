/**
 * The client address behind one trusted proxy or load balancer (`WSADMIN_TRUST_PROXY=1`): the last
 * `X-Forwarded-For` entry, the one the proxy appended (earlier entries are whatever the client
 * claimed). Node's server and the Bun and Deno servers read it alike.
 */
export function lastForwardedFor(header: string | undefined): string | undefined {
  const last = header?.split(',').at(-1)?.trim();
  return last || undefined;
}
