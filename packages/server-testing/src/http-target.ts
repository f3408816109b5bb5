import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Target } from '@wsadmin/conformance';
import { type RunningServer, readConfig, startServer } from '@wsadmin/server';
import { createKey, findKeyBySecret, randomSecret, revokeKey } from '@wsadmin/server-core';
import { seedModelInto } from '../../server-core/conformance/seed-model';

type WithCapabilities = Target &
  Required<Pick<Target, 'createKey' | 'revokeKey' | 'advanceClock' | 'seedModel' | 'close'>>;

/**
 * The server as `npm start` runs it, over real HTTP on a free port: on a temporary SQLite file, or on
 * the database `databaseUrl` names.
 */
export async function httpTarget(
  options: { databaseUrl?: string } = {},
): Promise<WithCapabilities & { server: RunningServer; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-'));
  const file = join(dir, 'wsadmin.db');
  const secret = `wsk_${randomSecret(24)}`;
  const config = readConfig({
    PORT: '0',
    DATABASE_URL: options.databaseUrl ?? `sqlite:${file}`,
    WSADMIN_BOOTSTRAP_KEY: secret,
    WSADMIN_TEST_CLOCK: '1',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config);
  const { db } = server.storage;
  return {
    name: 'http',
    server,
    file,
    baseUrl: server.url,
    fetch: (request) => fetch(request),
    key: secret,
    createKey: async (key) => (await createKey(db, server.clock.now(), key)).secret,
    async revokeKey(keySecret) {
      const key = await findKeyBySecret(db, keySecret);
      if (key) await revokeKey(db, key.id, server.clock.now());
    },
    async advanceClock(seconds) {
      const response = await fetch(`${server.url}/__test__/clock/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: seconds }),
      });
      if (!response.ok) throw new Error(`clock advance failed: ${response.status}`);
      const answer = (await response.json()) as { data: { now: string } };
      return new Date(answer.data.now);
    },
    seedModel: seedModelInto(db, () => server.clock.now()),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
