import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Log } from '../log';

/** The loopback names a request may address the server by, on its port. */
const loopbackHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

/**
 * Why a request is refused before MCP sees it (DNS rebinding): a `Host` that is not loopback on our
 * port, or an `Origin` (sent by browsers) that is not a loopback page on it. A request without
 * `Origin` is not from a page, and passes.
 */
export function rebindingRefusal(
  request: Pick<IncomingMessage, 'headers'>,
  port: number,
): string | undefined {
  const hosts = loopbackHosts(port);
  const host = request.headers.host;
  if (!host || !hosts.includes(host)) return `Host not allowed: ${host ?? '(none)'}`;
  const origin = request.headers.origin;
  if (origin !== undefined && !hosts.some((name) => origin === `http://${name}`))
    return `Origin not allowed: ${origin}`;
  return undefined;
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 at `/mcp`: one MCP server (and plan book) per
 * session, made by `newServer`. Resolves once listening, with the URL.
 */
export async function serveHttp(
  newServer: () => Server,
  port: number,
  log: Log,
): Promise<{ url: string; close: () => Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let boundPort = port;
  const http: HttpServer = createServer((request, response) => {
    const refusal = rebindingRefusal(request, boundPort);
    if (refusal) {
      log('http refused', { reason: refusal });
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`${refusal}\n`);
      return;
    }
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('The MCP endpoint is /mcp\n');
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && !known) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }),
      );
      return;
    }
    const transport =
      known ??
      new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
          log('session opened', { sessions: sessions.size });
        },
      });
    if (!known) {
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      newServer()
        .connect(transport)
        .then(() => transport.handleRequest(request, response))
        .catch((error: unknown) => log('http error', { message: String(error) }));
      return;
    }
    transport
      .handleRequest(request, response)
      .catch((error: unknown) => log('http error', { message: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  boundPort = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${boundPort}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
