import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import type { Hono } from 'hono';

/** `GET /openapi.json`: the OpenAPI document of the contract, as the Node server serves it. */
export function serveDocument(app: Hono): void {
  app.get('/openapi.json', (c) => c.json(openapi));
}
