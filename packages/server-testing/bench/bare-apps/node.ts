// The bare Hono route on Node (@hono/node-server), the reference of bench/runtimes.ts.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/bench/hello', (c) => c.text('hello'));
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => {
  console.log(`bare app on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
