import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, createClient } from '@wsadmin/sdk';
import { createKey } from '@wsadmin/server-core';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';
import { type RunningServer, startServer } from '../../src/server';

/**
 * The Node server as `npm start` runs it, with the operations settings on: metrics behind a key,
 * rate limits, JSON logs (captured). Each test uses its own access key, so their buckets are apart.
 */
const METRICS_KEY = 'metrics-scraper-secret';
let dir: string;
let server: RunningServer;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wsadmin-ops-'));
  server = await startServer(
    readConfig({
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'wsadmin.db')}`,
      LOG_LEVEL: 'info',
      WSADMIN_METRICS_KEY: METRICS_KEY,
      // One token per second for every key, with a burst of 3; one password operation a minute.
      WSADMIN_RATE_LIMIT: 'key=3/3s,strict=1/min',
    }),
    { logDestination: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const newKey = async () => (await createKey(server.storage.db, server.clock.now(), { name: 'ops' })).secret;
const scrape = async () => {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_KEY}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, families: new Map(parsePrometheus(text).map((family) => [family.name, family])) };
};

describe('rate limits over HTTP, with the SDK', () => {
  it("the SDK's retry waits exactly the server's Retry-After, then succeeds", async () => {
    const key = await newKey();
    const sleeps: number[] = [];
    const client = createClient({
      baseUrl: server.url,
      key,
      retries: {
        limit: 2,
        baseDelayMs: 5,
        sleep: (ms) => {
          sleeps.push(ms);
          return new Promise((wake) => setTimeout(wake, ms));
        },
      },
    });
    for (let i = 0; i < 3; i++) await client.scopes.get(); // the burst
    const started = performance.now();
    expect(await client.scopes.get()).toMatchObject({ name: 'ops' });
    // A refusal, then one wait of Retry-After (1 s, not the 5 ms backoff), then the answer.
    expect(sleeps).toEqual([1000]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('without retries the caller sees ApiError 429 rate_limited, with the request id of the log line', async () => {
    const key = await newKey();
    const client = createClient({ baseUrl: server.url, key, retries: 0 });
    for (let i = 0; i < 3; i++) await client.scopes.get();
    const error = await client.scopes.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errcode: 429, status: 429, reason: 'rate_limited' });
    expect((error as ApiError).response.headers.get('retry-after')).toBe('1');
    const line = logLines.find((l) => l.requestId === (error as ApiError).requestId);
    expect(line).toMatchObject({ status: 429, rateLimited: 'key', operationId: 'getScope' });
  });

  it('gives password operations the strict bucket: the second account create in a minute is refused', async () => {
    const key = await newKey();
    const create = (username: string) =>
      fetch(`${server.url}/openapi/v1/accounts/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Password-0001' }),
      });
    expect((await create('strict-one')).status).toBe(200);
    const refused = await create('strict-two');
    expect(refused.status).toBe(429);
    // 60 s per token, less the time the first create took.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      errcode: 429,
      errmsg: expect.stringContaining('password checks and changes'),
      data: { reason: 'rate_limited' },
    });
  });
});

describe('GET /metrics', () => {
  it('needs the metrics key when one is set, and answers the envelope otherwise', async () => {
    for (const authorization of [undefined, 'Bearer wrong', METRICS_KEY]) {
      const response = await fetch(`${server.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errcode: 401, data: { reason: 'unauthorized' } });
    }
  });

  it('is Prometheus text: request counts and latency by operation and status, refusals, tasks, process', async () => {
    const key = await newKey();
    const client = createClient({ baseUrl: server.url, key, retries: 0 });
    await client.scopes.get();
    await client.workspaces.get(999_999).catch(() => {});
    for (let i = 0; i < 3; i++) await client.scopes.get().catch(() => {});
    const { text, families } = await scrape();

    const requests = families.get('wsadmin_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const count = (labels: Record<string, string>) =>
      Number(requests?.metrics.find((m) => JSON.stringify(m.labels) === JSON.stringify(labels))?.value ?? 0);
    expect(count({ operation: 'getScope', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(count({ operation: 'getWorkspace', method: 'GET', status: '404' })).toBe(1);
    expect(count({ operation: 'getScope', method: 'GET', status: '429' })).toBeGreaterThanOrEqual(1);

    const latency = families.get('wsadmin_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // The parser folds labelled histograms into one bucket map; the per-label count is read from the text.
    expect(Object.keys(latency?.metrics[0]?.buckets ?? {})).toEqual(
      expect.arrayContaining(['0.005', '1', '+Inf']),
    );
    const scopeCount =
      /^wsadmin_http_request_duration_seconds_count\{operation="getScope",method="GET",status="200"\} (\d+)$/m.exec(
        text,
      );
    expect(Number(scopeCount?.[1])).toBe(count({ operation: 'getScope', method: 'GET', status: '200' }));

    const refused = families.get('wsadmin_rate_limited_total');
    expect(refused?.metrics.find((m) => m.labels?.bucket === 'key')?.value).toBeDefined();
    expect(families.get('wsadmin_refresh_tasks')?.type).toBe('GAUGE');
    expect(families.get('wsadmin_process_resident_memory_bytes')?.type).toBe('GAUGE');
    // Raw paths never become labels: the 404 of workspace 999999 is counted under its operation.
    // Labels only: a value (CPU seconds such as 0.0299999999) may hold the digits by chance.
    const labels = [...families.values()].flatMap((family) =>
      family.metrics.map((metric) => ('labels' in metric ? metric.labels : undefined)),
    );
    expect(JSON.stringify(labels)).not.toContain('999999');
    expect(labels.some((label) => label?.operation === 'getWorkspace')).toBe(true);
  });
});

describe('logs', () => {
  it('hold no access key, metrics key or password', () => {
    const text = JSON.stringify(logLines);
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [METRICS_KEY, 'Password-0001', 'Bearer ']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/wsk_/);
  });
});
