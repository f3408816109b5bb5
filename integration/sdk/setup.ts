import { type ClientOptions, createClient, type WsadminClient } from '@wsadmin/sdk';
import type { NewKey } from '@wsadmin/server-core';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { afterAll, beforeAll } from 'vitest';

/**
 * Test-only (never imported by the SDK's runtime code): the reference server as `npm start` runs it,
 * over real HTTP on a free port with a temporary SQLite file and the test clock, one per test file
 * (the server package's `httpTarget`, the same the scenario suite runs against).
 */
export interface IntegrationServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** The unrestricted bootstrap key. */
  readonly key: string;
  /** A client with the unrestricted key and no retries. */
  readonly client: WsadminClient;
  /** Another client on the same server; `key` and `baseUrl` default to the server's. */
  clientWith(options?: Partial<ClientOptions>): WsadminClient;
  /** Creates a (restricted) access key in the server's database and returns its secret. */
  createKey(key: Omit<NewKey, 'name'> & { name?: string }): Promise<string>;
  /** Moves the server clock forward through `POST /__test__/clock/`; returns the new server time. */
  advanceClock(seconds: number): Promise<Date>;
}

interface Started extends IntegrationServer {
  close(): Promise<void>;
}

async function start(): Promise<Started> {
  const target = await httpTarget();
  const { baseUrl, key } = target;
  const clientWith = (options: Partial<ClientOptions> = {}) =>
    createClient({ baseUrl, key, retries: 0, ...options });
  return {
    baseUrl,
    key,
    client: clientWith(),
    clientWith,
    createKey: ({ name = 'integration', ...rest }) => target.createKey({ name, ...rest }),
    advanceClock: (seconds) => target.advanceClock(seconds),
    close: () => target.close(),
  };
}

/**
 * Starts one server for the calling test file (in `beforeAll`) and closes it afterwards (`afterAll`).
 * The returned object may be used inside tests and hooks only.
 *
 * @example
 * const server = serverForTests();
 * it('lists', async () => expect(await server.client.workspaces.list()).toEqual([]));
 */
export function serverForTests(): IntegrationServer {
  let running: Started | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
  });
  const get = (): Started => {
    if (!running) throw new Error('serverForTests(): the server is only available inside tests and hooks');
    return running;
  };
  return {
    get baseUrl() {
      return get().baseUrl;
    },
    get key() {
      return get().key;
    },
    get client() {
      return get().client;
    },
    clientWith: (options) => get().clientWith(options),
    createKey: (key) => get().createKey(key),
    advanceClock: (seconds) => get().advanceClock(seconds),
  };
}
