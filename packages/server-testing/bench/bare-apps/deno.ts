// The bare Hono route on Deno, the reference of bench/runtimes.ts.
import { Hono } from 'hono';

interface DenoServe {
  serve(o: object, handler: (request: Request) => Response | Promise<Response>): { addr: { port: number } };
}
const app = new Hono().get('/bench/hello', (c) => c.text('hello'));
const deno = (globalThis as unknown as { Deno: DenoServe }).Deno;
const server = deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => undefined }, app.fetch);
console.log(`bare app on http://127.0.0.1:${server.addr.port}`);
