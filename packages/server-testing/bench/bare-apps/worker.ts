// The bare Hono route as a Worker, the reference of bench/runtimes.ts.
import { Hono } from 'hono';

export default new Hono().get('/bench/hello', (c) => c.text('hello'));
