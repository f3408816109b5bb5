/**
 * `@wsadmin/server-core/cloudflare-workers`: the reference server as a Cloudflare Worker, with its
 * data in one SQLite-backed Durable Object (`WsadminDatabase`). A Worker module of one line,
 * `export { default, WsadminDatabase } from '@wsadmin/server-core/cloudflare-workers'`, and its
 * wrangler.toml (docs/runtimes.md). Only functions and classes are exported here: workerd refuses any
 * other export of a Worker's main module, and this entry may be one.
 */
import { createWorker } from './runtimes/cloudflare-workers';

export {
  createWorker,
  type DurableObjectStateLike,
  type WorkerEnv,
  type WorkerOptions,
  WsadminDatabase,
  type WsadminWorker,
} from './runtimes/cloudflare-workers';
export { type DurableObjectStorageLike, openDurableObjectStorage } from './storage/durable-object';

/**
 * The Worker, forwarding every request to the Durable Object bound as `WSADMIN`.
 *
 * @example
 * // src/index.ts of a Worker
 * export { default, WsadminDatabase } from '@wsadmin/server-core/cloudflare-workers';
 */
const worker = createWorker();
export default worker;
