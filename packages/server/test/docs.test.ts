import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import type { Storage } from '@wsadmin/server-core';
import { createApp, openMemoryStorage, pbkdf2Passwords } from '@wsadmin/server-core';
import { serveDocument } from '@wsadmin/server-core/server-kit';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_SCRIPT_PATH, mountDocs, scalarBundlePath } from '../src/docs';

const ORIGIN = 'http://wsadmin.example:8123';
let storage: Storage;
let app: Hono;

beforeAll(async () => {
  storage = await openMemoryStorage();
  app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
  serveDocument(app);
  mountDocs(app);
});
afterAll(() => storage.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`${ORIGIN}${path}`, { headers });

describe('/docs', () => {
  it('finds the browser bundle of @scalar/api-reference in node_modules', () => {
    expect(scalarBundlePath()).toMatch(/@scalar[\\/]api-reference[\\/]dist[\\/]browser[\\/]standalone\.js$/);
    expect(existsSync(scalarBundlePath())).toBe(true);
  });

  it.each(['/docs', '/docs/'])(
    '%s answers an HTML page that loads the local bundle and the local document',
    async (path) => {
      // No Authorization: the reference is public, like /openapi.json.
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain(`<script src="${DOCS_SCRIPT_PATH}"></script>`);
      expect(html).toContain(`Scalar.createApiReference('#app'`);
      expect(html).toContain('"url": "/openapi.json"');
    },
  );

  it('names no other host than the one it was served from: no CDN, fonts or telemetry', async () => {
    const html = await (await get('/docs')).text();
    const urls = html.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    // "Try it" targets the serving origin, not the document's default server.
    expect(urls).toEqual([ORIGIN]);
    for (const host of ['jsdelivr', 'unpkg', 'cdnjs', 'scalar.com']) expect(html).not.toContain(host);
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"telemetry": false');
  });

  it('serves the bundle as JavaScript, without a source-map reference that would 404', async () => {
    const response = await get(DOCS_SCRIPT_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const script = await response.text();
    expect(script.length).toBeGreaterThan(1_000_000);
    // What the page calls.
    expect(script).toMatch(/window\.Scalar=\{\s*createApiReference:/);
    expect(script).not.toContain('sourceMappingURL=standalone.js.map');
  });

  it('serves the bundle gzip-compressed to clients that accept it, with the same bytes inside', async () => {
    const plain = new Uint8Array(await (await get(DOCS_SCRIPT_PATH)).arrayBuffer());
    const response = await get(DOCS_SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    const compressed = new Uint8Array(await response.arrayBuffer());
    expect(compressed.byteLength).toBeLessThan(plain.byteLength / 2);
    expect(gunzipSync(compressed).equals(plain)).toBe(true);
  });
});

describe('/openapi.json', () => {
  it("answers the contract's document without a key", async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(openapi);
  });

  it.each(['http://wsadmin.example:8123', 'http://127.0.0.1:40111', 'https://api.example.com'])(
    'names as its server the address it was fetched from (%s): a relative URL',
    async (origin) => {
      const response = await app.request(`${origin}/openapi.json`);
      const document = (await response.json()) as { servers: { url: string }[] };
      const [server] = document.servers;
      // OpenAPI 3.1 resolves a relative server URL against where the document was fetched.
      expect(new URL(server?.url ?? '', `${origin}/openapi.json`).origin).toBe(origin);
      expect(document.servers).toHaveLength(1);
    },
  );

  it('names a contact: the project, where its issues are filed', async () => {
    const document = (await (await get('/openapi.json')).json()) as { info: { contact?: unknown } };
    expect(document.info.contact).toEqual({ name: 'wsadmin', url: 'https://github.com/wsadmin/wsadmin' });
  });
});
