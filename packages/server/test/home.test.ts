import { request } from 'node:http';
import type { Storage } from '@wsadmin/server-core';
import { createApp, openMemoryStorage, pbkdf2Passwords } from '@wsadmin/server-core';
import { mountHome, serveDocument } from '@wsadmin/server-core/server-kit';
import { type LoopbackServer, serveOnLoopback } from '@wsadmin/server-testing/loopback-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountDocs } from '../src/docs';
import { socketUrlOf } from '../src/operations/socket-addresses';

const ORIGIN = 'http://wsadmin.example:8123';
const FORGED_HOST = 'attacker.example';
let storage: Storage;
let app: Hono;
let socket: LoopbackServer;

beforeAll(async () => {
  storage = await openMemoryStorage();
  app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
  serveDocument(app);
  mountDocs(app);
  mountHome(app, { docs: true, serverUrl: socketUrlOf });
  socket = await serveOnLoopback(app.fetch);
});
afterAll(async () => {
  await socket.close();
  await storage.close();
});

const get = (path: string, accept?: string) =>
  app.request(`${ORIGIN}${path}`, accept === undefined ? {} : { headers: { accept } });

/** `GET /` over a socket with a Host header of our choosing (fetch will not send a forged one). */
function getOverSocket(accept: string): Promise<string> {
  return new Promise((done, fail) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: socket.port,
        path: '/',
        headers: { host: FORGED_HOST, accept },
        agent: false,
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => done(text));
      },
    );
    outgoing.once('error', fail);
    outgoing.end();
  });
}

describe('GET /', () => {
  it.each([undefined, 'application/json', '*/*'])(
    'answers JSON with relative links to docs, document and API (Accept %s)',
    async (accept) => {
      const response = await get('/', accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        docs: '/docs',
        openapi: '/openapi.json',
        api: '/openapi/v1/',
      });
    },
  );

  it('answers a browser a page with relative links to the docs and the document, without a key', async () => {
    const response = await get('/', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<a href="/docs">');
    expect(html).toContain('<a href="/openapi.json">');
    expect(html).toContain('<code>/openapi/v1/</code>');
    expect(html).not.toContain('wsadmin.example');
  });

  it('the docs and document links it gives answer 200', async () => {
    const links = (await (await get('/')).json()) as { docs: string; openapi: string };
    for (const path of [links.docs, links.openapi]) {
      expect((await app.request(`${ORIGIN}${path}`)).status, path).toBe(200);
    }
  });

  it('never copies a forged Host header into its JSON; the curl hint names the socket address', async () => {
    const text = await getOverSocket('application/json');
    expect(text).not.toContain(FORGED_HOST);
    expect((JSON.parse(text) as { hint: string }).hint).toContain(
      `curl -H "Authorization: Bearer $WSADMIN_KEY" http://127.0.0.1:${socket.port}/openapi/v1/scopes/`,
    );
  });

  it('never copies a forged Host header into its page', async () => {
    const html = await getOverSocket('text/html');
    expect(html).not.toContain(FORGED_HOST);
    expect(html).toContain(`http://127.0.0.1:${socket.port}/openapi/v1/scopes/`);
  });

  it('without a socket (app.request) the hint still shows the path to try', async () => {
    const { hint } = (await (await get('/')).json()) as { hint: string };
    expect(hint).toBe(
      'API requests need "Authorization: Bearer <key>"; try: curl -H "Authorization: Bearer $WSADMIN_KEY" <this server>/openapi/v1/scopes/',
    );
  });
});
