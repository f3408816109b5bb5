import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';

/** An app behind a real socket: for requests fetch cannot make (GET bodies, forged Host headers). */
export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `fetch` on 127.0.0.1 at a free port; resolves once it listens. */
export async function serveOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<LoopbackServer> {
  const socket = await new Promise<ServerType>((ready) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => ready(server));
  });
  return {
    port: (socket.address() as AddressInfo).port,
    close: () => new Promise((done) => socket.close(() => done())),
  };
}
