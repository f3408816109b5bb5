import type { Storage } from '@wsadmin/server-core';
import { createApp, openMemoryStorage, pbkdf2Passwords } from '@wsadmin/server-core';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountDocs } from './docs';
import { mountHome } from './home';

const ORIGIN = 'http://wsadmin.example:8123';
let storage: Storage;
let app: Hono;

beforeAll(async () => {
  storage = await openMemoryStorage();
  app = createApp({ storage, passwords: pbkdf2Passwords(1000) });
  mountDocs(app);
  mountHome(app);
});
afterAll(() => storage.close());

const get = (path: string, accept?: string) =>
  app.request(`${ORIGIN}${path}`, accept === undefined ? {} : { headers: { accept } });

describe('GET /', () => {
  it.each([undefined, 'application/json', '*/*'])(
    'answers JSON pointing to docs, document and API (Accept %s)',
    async (accept) => {
      const response = await get('/', accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        docs: `${ORIGIN}/docs`,
        openapi: `${ORIGIN}/openapi.json`,
        api: `${ORIGIN}/openapi/v1/`,
      });
    },
  );

  it('answers a browser a page linking the docs and the document, without a key', async () => {
    const response = await get('/', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`<a href="${ORIGIN}/docs">`);
    expect(html).toContain(`<a href="${ORIGIN}/openapi.json">`);
    expect(html).toContain(`${ORIGIN}/openapi/v1/`);
  });

  it('the docs and document links it gives answer 200', async () => {
    const links = (await (await get('/')).json()) as { docs: string; openapi: string };
    for (const url of [links.docs, links.openapi]) {
      expect((await app.request(url)).status, url).toBe(200);
    }
  });
});
