/**
 * `@wsadmin/server-core/cloudflare-workers`: the reference server as a Cloudflare Worker, with its
 * data in D1. A Worker module of one line, `export { default } from '@wsadmin/server-core/cloudflare-workers'`,
 * and a D1 binding `DB` (docs/runtimes.md has the wrangler.toml).
 */
import { createWorker } from './runtimes/cloudflare-workers';

export {
  createWorker,
  type WorkerEnv,
  type WorkerOptions,
  type WsadminWorker,
} from './runtimes/cloudflare-workers';
export { type D1Database, openD1Storage } from './storage/d1';

/**
 * The Worker on the D1 binding `DB`.
 *
 * @example
 * // src/index.ts of a Worker
 * export { default } from '@wsadmin/server-core/cloudflare-workers';
 */
const worker = createWorker();
export default worker;
