import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Scalar } from '@scalar/hono-api-reference';
import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import type { Hono } from 'hono';

export const DOCS_PATH = '/docs';
export const DOCS_SCRIPT_PATH = '/docs/scalar.js';

/**
 * The browser bundle of @scalar/api-reference, from node_modules: the page works offline and
 * never loads code from a CDN. The package's `exports` do not list `dist/browser/`, so the file is
 * found next to its main entry.
 */
export function scalarBundlePath(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(main), 'browser', 'standalone.js');
}

interface Bundle {
  plain: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer>;
}

// Copies into a plain ArrayBuffer (Buffer may share a pooled one), the type Response bodies take.
const bytesOf = (buffer: Buffer) => new Uint8Array(buffer);

let loading: Promise<Bundle> | undefined;

/** Read (and compress) once per process, on the first request: 4 MB that most runs never serve. */
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

/** `GET /openapi.json` (the contract's document) and `/docs` (an interactive reference of it). */
export function mountDocs(app: Hono): void {
  app.get('/openapi.json', (c) => c.json(openapi));

  const page = Scalar((c) => ({
    pageTitle: 'wsadmin API reference',
    url: '/openapi.json',
    cdn: DOCS_SCRIPT_PATH,
    // "Try it" sends requests to the server that served the page, not the document's default 127.0.0.1:8787.
    servers: [{ url: new URL(c.req.url).origin, description: 'This server' }],
    // Nothing from scalar.com at run time: no web fonts, telemetry or hosted agent.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
  }));
  app.get(DOCS_PATH, page);
  app.get(`${DOCS_PATH}/`, page);

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
