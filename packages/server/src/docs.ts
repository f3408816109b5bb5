import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DOCS_PATH } from '@wsadmin/server-core/server-kit';
import type { Context, Hono } from 'hono';

export { DOCS_PATH };
export const DOCS_SCRIPT_PATH = '/docs/scalar.js';

/**
 * The browser bundle of @scalar/api-reference (one self-contained file): the page works offline and
 * never loads code from a CDN. The build copies it, with its licence, into this package's
 * `dist/docs/`, so an install carries that one file instead of the package's Vue components and the
 * TypeScript compiler they pull in. Run from source (this repository), it is read from the dev
 * dependency, whose `exports` do not list `dist/browser/`: it is found next to the main entry.
 */
export function scalarBundlePath(): string {
  const require = createRequire(import.meta.url);
  if (import.meta.url.endsWith('.ts')) {
    return join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  }
  return join(dirname(require.resolve('@wsadmin/server/package.json')), 'dist', 'docs', 'scalar.js');
}

interface Bundle {
  plain: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer>;
}

// Copies into a plain ArrayBuffer (Buffer may share a pooled one), the type Response bodies take.
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer);

let loading: Promise<Bundle> | undefined;

/** Read (and compress) once per process, on the first request: 3.5 MB that most runs never serve. */
function loadBundle(): Promise<Bundle> {
  loading ??= (async () => {
    const text = await readFile(scalarBundlePath(), 'utf8');
    // The source map is not served; without this comment browsers would ask for it and get a 404.
    const plain = Buffer.from(text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    return { plain: bytesOf(plain), gzipped: bytesOf(await promisify(gzip)(plain)) };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The page the bundle renders into, with the configuration `Scalar.createApiReference` takes.
 * "Try it" sends requests to the server that served the page, not the document's default
 * 127.0.0.1:8787; nothing comes from scalar.com at run time (no web fonts, telemetry or agent).
 */
function page(c: Context): string {
  const configuration = {
    url: '/openapi.json',
    servers: [{ url: new URL(c.req.url).origin, description: 'This server' }],
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
  };
  // `<` escaped: no value (the origin comes from the request) can close the script element.
  const json = JSON.stringify(configuration, null, 2).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <title>wsadmin API reference</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${DOCS_SCRIPT_PATH}"></script>
    <script>
      Scalar.createApiReference('#app', ${json})
    </script>
  </body>
</html>
`;
}

/** `/docs`: an interactive reference of the contract's document (which the core serves at `/openapi.json`). */
export function mountDocs(app: Hono): void {
  const html = (c: Context) => c.html(page(c));
  app.get(DOCS_PATH, html);
  app.get(`${DOCS_PATH}/`, html);

  app.get(DOCS_SCRIPT_PATH, async (c) => {
    const bundle = await loadBundle();
    const gzipped = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    const body = gzipped ? bundle.gzipped : bundle.plain;
    return c.body(body, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      vary: 'accept-encoding',
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
  });
}
