import type { Context, Hono } from 'hono';

const API_ROOT = '/openapi/v1/';
const DOCUMENT_PATH = '/openapi.json';
/** The Node server's API reference page (`@wsadmin/server`: it ships the page's script). */
export const DOCS_PATH = '/docs';

export interface HomeOptions {
  /** The server serves the API reference at /docs (Node); the index links it only then. */
  docs: boolean;
  /** `http://<address>:<port>` the request reached, for the curl hint; undefined: not known. */
  serverUrl(c: Context): string | undefined;
}

/**
 * Where to go from `/`. The links are relative: the Host header is the client's to write, and a
 * page that copied it into its links would point wherever a forged Host said (cache poisoning).
 * The curl hint names the address the connection reached, which the runtime knows, not the request.
 */
function links(serverUrl: string | undefined, docs: boolean) {
  const scopes = `${serverUrl ?? ''}${API_ROOT}scopes/`;
  return {
    name: 'wsadmin reference server',
    ...(docs ? { docs: DOCS_PATH } : {}),
    openapi: DOCUMENT_PATH,
    api: API_ROOT,
    hint: `API requests need "Authorization: Bearer <key>"; try: curl -H "Authorization: Bearer $WSADMIN_KEY" ${serverUrl ? scopes : `<this server>${scopes}`}`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

function page(l: ReturnType<typeof links>): string {
  const item = (href: string, label: string) =>
    `<li><a href="${escapeHtml(href)}">${label}</a>: <code>${escapeHtml(href)}</code></li>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${l.name}</title></head>
<body>
<h1>${l.name}</h1>
<ul>
${l.docs ? `${item(l.docs, 'API reference')}\n` : ''}${item(l.openapi, 'OpenAPI document')}
<li>API root: <code>${escapeHtml(l.api)}</code></li>
</ul>
<p>${escapeHtml(l.hint)}</p>
</body></html>
`;
}

/**
 * `GET /` on every runtime: the URL the server prints must not be a dead end. Browsers
 * (Accept: text/html) get a small page, everything else JSON; both point to the document, the API
 * root and, where served, the docs. No key.
 */
export function mountHome(app: Hono, options: HomeOptions): void {
  app.get('/', (c) => {
    const answer = links(options.serverUrl(c), options.docs);
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(page(answer));
    return c.json(answer);
  });
}
