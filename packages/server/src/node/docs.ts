import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import type { Hono } from 'hono';

/** `GET /openapi.json` (the contract's document) and `/docs` (an interactive reference). */
export function mountDocs(app: Hono): void {
  app.get('/openapi.json', (c) => c.json(openapi));
}
