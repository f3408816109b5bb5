// The bare Hono route on Bun, the reference of bench/runtimes.ts.
import { Hono } from 'hono';

const app = new Hono().get('/bench/hello', (c) => c.text('hello'));
const bun = (globalThis as unknown as { Bun: { serve(o: object): { port: number } } }).Bun;
const server = bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch });
console.log(`bare app on http://127.0.0.1:${server.port}`);
