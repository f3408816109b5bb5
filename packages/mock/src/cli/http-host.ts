import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorEnvelope } from '@wsadmin/contract';
import { CORS_RULE } from '@wsadmin/server-core';
import type { WsadminMock } from '../create-mock';
import { INSPECTOR_PATH, inspectorHandler } from '../inspect/inspector-api';
import { isLoopback } from './args';

export interface MockHostOptions {
  /** The scenario's name, shown on the inspector page. */
  scenario?: string;
  /** Origins a page may call the API from (CORS): `'*'` or exact origins. */
  corsOrigins: readonly string[] | '*';
  /** The inspector answers only requests that name a loopback host (see `hostAllowed`). */
  inspectorLoopbackOnly: boolean;
}

/**
 * The mock behind a `node:http` request listener: `INSPECTOR_PATH` goes to the inspector, every
 * other request to `mock.respond` (as MSW would hand it over), with CORS answered here, in front
 * of the mock, so preflights never reach its journal and overridden answers carry the headers too.
 */
export function mockListener(mock: WsadminMock, options: MockHostOptions) {
  const inspector = inspectorHandler(
    mock,
    options.scenario === undefined ? {} : { scenario: options.scenario },
  );
  const origin = new URL(mock.baseUrl).origin;

  return async function listener(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    try {
      const path = incoming.url ?? '/';
      if (path === INSPECTOR_PATH.slice(0, -1) || path.startsWith(INSPECTOR_PATH)) {
        if (path === INSPECTOR_PATH.slice(0, -1)) return redirect(outgoing, INSPECTOR_PATH);
        if (options.inspectorLoopbackOnly && !hostAllowed(incoming.headers.host)) {
          return send(
            outgoing,
            Response.json(
              errorEnvelope(
                403,
                'the inspector answers only on this machine (localhost, 127.0.0.1 or [::1])',
                'forbidden',
              ),
              {
                status: 403,
              },
            ),
          );
        }
        return send(outgoing, await inspector(await requestOf(incoming, origin)));
      }
      const cors = corsHeaders(incoming, options.corsOrigins);
      if (incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method']) {
        return send(outgoing, new Response(null, { status: 204, headers: cors.preflight }));
      }
      const answer = await mock.respond(await requestOf(incoming, origin));
      // A `network-error` override: the client sees the connection drop, as a fetch that fails.
      if (answer.type === 'error') {
        incoming.socket.destroy();
        return;
      }
      return send(outgoing, answer, cors.answer);
    } catch (error) {
      console.error('wsadmin-mock: unexpected error', error);
      if (!outgoing.headersSent) {
        send(
          outgoing,
          Response.json(errorEnvelope(500, 'internal error', 'internal'), { status: 500 }),
        ).catch(() => {
          outgoing.destroy();
        });
      }
    }
  };
}

/**
 * Whether a request's `Host` names this machine: a page of another site that rebinds its DNS name
 * to 127.0.0.1 sends its own name there, and must not drive the inspector's buttons.
 */
export function hostAllowed(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return isLoopback(name);
}

/** The CORS headers of a request's answer and of its preflight, by the server's own rule. */
function corsHeaders(incoming: IncomingMessage, origins: readonly string[] | '*') {
  const from = incoming.headers.origin;
  if (!from || (origins !== '*' && !origins.includes(from))) return { answer: {}, preflight: {} };
  const allowOrigin: Record<string, string> =
    origins === '*'
      ? { 'Access-Control-Allow-Origin': '*' }
      : { 'Access-Control-Allow-Origin': from, Vary: 'Origin' };
  return {
    answer: { ...allowOrigin, 'Access-Control-Expose-Headers': CORS_RULE.exposeHeaders.join(', ') },
    preflight: {
      ...allowOrigin,
      'Access-Control-Allow-Methods': CORS_RULE.allowMethods.join(', '),
      'Access-Control-Allow-Headers': CORS_RULE.allowHeaders.join(', '),
      'Access-Control-Max-Age': String(CORS_RULE.maxAgeSeconds),
    },
  };
}

/** The Fetch request of an incoming one, under the mock's origin (whatever name the client used). */
async function requestOf(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = incoming.method ?? 'GET';
  const chunks: Buffer[] = [];
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return new Request(`${origin}${incoming.url ?? '/'}`, {
    method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function send(outgoing: ServerResponse, response: Response, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.writeHead(response.status, { ...headers, ...extra });
  outgoing.end(body);
}

function redirect(outgoing: ServerResponse, location: string): void {
  outgoing.writeHead(308, { Location: location });
  outgoing.end();
}

/** A listening server's URL, as clients should write it. */
export function urlOf(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}
