import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

const dir = mkdtempSync(join(tmpdir(), 'wsadmin-tasks-'));
const secret = 'wsk_restart-test-key';
const config = readConfig({
  PORT: '0',
  DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
  WSADMIN_BOOTSTRAP_KEY: secret,
  WSADMIN_TEST_CLOCK: '1',
  LOG_LEVEL: 'silent',
});
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { errcode: number; errmsg: string; data: Record<string, unknown> };
  expect(json.errcode, json.errmsg).toBe(200);
  return json.data;
}

describe('follow-up tasks across a restart', () => {
  it('keeps a pending refresh in the database and finishes it after the server restarts', async () => {
    const first = await startServer(config);
    running.push(first);
    const ws = (await call(first, 'POST', '/openapi/v1/workspaces/', {})).id as number;
    const base = `/openapi/v1/workspaces/${ws}`;
    await call(first, 'PUT', `${base}/sources/`, { tables: [{ name: 'fact_orders', fields: ['amount'] }] });
    const changes = { name: 'orders', table: 'fact_orders', fields: ['amount'] };
    const preview = await call(first, 'POST', `${base}/management/datasets/preview/`, {
      action: 'create',
      changes,
    });
    const commit = await call(
      first,
      'POST',
      `${base}/management/datasets/`,
      { changes, planToken: preview.planToken },
      { 'Idempotency-Key': 'restart-1' },
    );
    expect(commit.state).toBe('pending');
    await first.close();

    const second = await startServer(config);
    running.push(second);
    const operationPath = `${base}/management/operations/${commit.operationId}/`;
    expect((await call(second, 'GET', operationPath)).state).toBe('pending');
    await call(second, 'POST', '/__test__/clock/', { advanceSeconds: 5 });
    expect(await call(second, 'GET', operationPath)).toMatchObject({
      state: 'verified',
      taskUid: expect.any(String),
    });
  });
});
