import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, readConfig, startServer } from '@wsadmin/server';
import { createKey, type NewKey } from '@wsadmin/server-core';
import { afterAll, beforeAll } from 'vitest';
import { type ClientOptions, createClient, type WsadminClient } from '../client';

/**
 * Test-only (never imported by the SDK's runtime code): the reference server as `npm start` runs it,
 * over real HTTP on a free port with a temporary SQLite file and the test clock, one per test file.
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
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-sdk-'));
  const key = `wsk_sdk_${crypto.randomUUID().replaceAll('-', '')}`;
  let server: RunningServer;
  try {
    server = await startServer(
      readConfig({
        PORT: '0',
        DATABASE_URL: `sqlite:${join(dir, 'wsadmin.db')}`,
        WSADMIN_BOOTSTRAP_KEY: key,
        WSADMIN_TEST_CLOCK: '1',
        LOG_LEVEL: 'silent',
      }),
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = server.url;
  const clientWith = (options: Partial<ClientOptions> = {}) =>
    createClient({ baseUrl, key, retries: 0, ...options });
  return {
    baseUrl,
    key,
    client: clientWith(),
    clientWith,
    createKey: async ({ name = 'integration', ...rest }) =>
      (await createKey(server.storage.db, server.clock.now(), { name, ...rest })).secret,
    async advanceClock(seconds) {
      const response = await fetch(`${baseUrl}/__test__/clock/`, {
        method: 'POST',
        body: JSON.stringify({ advanceSeconds: seconds }),
      });
      if (!response.ok) throw new Error(`advancing the test clock failed: HTTP ${response.status}`);
      const answer = (await response.json()) as { data: { now: string } };
      return new Date(answer.data.now);
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one server for the calling test file (in `beforeAll`) and closes it afterwards (`afterAll`).
 * The returned object may be used inside tests and hooks only.
 *
 * @example
 * const server = useServer();
 * it('lists', async () => expect(await server.client.workspaces.list()).toEqual([]));
 */
export function useServer(): IntegrationServer {
  let running: Started | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
  });
  const get = (): Started => {
    if (!running) throw new Error('useServer(): the server is only available inside tests and hooks');
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
