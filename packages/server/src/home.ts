import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import { DOCS_PATH } from './docs';

const API_ROOT = '/openapi/v1/';
const DOCUMENT_PATH = '/openapi.json';

/**
 * Where to go from `/`. The links are relative: the Host header is the client's to write, and a
 * page that copied it into its links would point wherever a forged Host said (cache poisoning).
 * The curl hint names the address the connection reached, read from the socket, not the request.
 */
function links(serverUrl: string | undefined) {
  const scopes = `${serverUrl ?? ''}${API_ROOT}scopes/`;
  return {
    name: 'wsadmin reference server',
    docs: DOCS_PATH,
    openapi: DOCUMENT_PATH,
    api: API_ROOT,
    hint: `API requests need "Authorization: Bearer <key>"; try: curl -H "Authorization: Bearer $WSADMIN_KEY" ${serverUrl ? scopes : `<this server>${scopes}`}`,
  };
}

/** `http://<local address>:<local port>` of the socket a request came on; undefined without one (tests). */
function socketUrlOf(c: Context): string | undefined {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const address = socket?.localAddress;
  if (!socket || !address || socket.localPort === undefined) return undefined;
  const host = address.startsWith('::ffff:') ? address.slice(7) : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

function page(serverUrl: string | undefined): string {
  const l = links(serverUrl);
  const item = (href: string, label: string) =>
    `<li><a href="${escapeHtml(href)}">${label}</a>: <code>${escapeHtml(href)}</code></li>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${l.name}</title></head>
<body>
<h1>${l.name}</h1>
<ul>
${item(l.docs, 'API reference')}
${item(l.openapi, 'OpenAPI document')}
<li>API root: <code>${escapeHtml(l.api)}</code></li>
</ul>
<p>${escapeHtml(l.hint)}</p>
</body></html>
`;
}

/**
 * `GET /`: the URL the server prints must not be a dead end. Browsers (Accept: text/html) get a
 * small page, everything else JSON; both point to the docs, the document and the API root. No key.
 */
export function mountHome(app: Hono): void {
  app.get('/', (c) => {
    const serverUrl = socketUrlOf(c);
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(page(serverUrl));
    return c.json(links(serverUrl));
  });
}
