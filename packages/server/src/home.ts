import type { Hono } from 'hono';
import { DOCS_PATH } from './docs';

const API_ROOT = '/openapi/v1/';
const DOCUMENT_PATH = '/openapi.json';

/** Where to go from `/`, with absolute URLs so they can be clicked or piped into curl. */
function links(origin: string) {
  return {
    name: 'wsadmin reference server',
    docs: `${origin}${DOCS_PATH}`,
    openapi: `${origin}${DOCUMENT_PATH}`,
    api: `${origin}${API_ROOT}`,
    hint: `API requests need "Authorization: Bearer <key>"; try GET ${origin}${API_ROOT}scopes/`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

function page(origin: string): string {
  const l = links(origin);
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
    const origin = new URL(c.req.url).origin;
    if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(page(origin));
    return c.json(links(origin));
  });
}
