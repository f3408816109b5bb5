import { openMemoryStorage, type RequestReport, type Storage } from '@wsadmin/server-core';
import { seedRefreshTasks } from '@wsadmin/server-testing/refresh-tasks';
import { Hono } from 'hono';
import parsePrometheus from 'parse-prometheus-text-format';
import { AggregatorRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/operations/metrics';
import { mountMetrics } from '../../src/operations/metrics-route';

let storage: Storage;
beforeAll(async () => {
  const now = new Date('2026-11-22T00:00:00Z');
  storage = await openMemoryStorage({ now: () => now });
  await seedRefreshTasks(storage, now, ['scheduled', 'done']);
});
afterAll(() => storage.close());

const report: RequestReport = {
  requestId: 'r',
  method: 'GET',
  route: '/openapi/v1/scopes/',
  operationId: 'getScope',
  status: 200,
  durationMs: 2,
  keyId: undefined,
  rateLimited: undefined,
};

describe("a cluster's /metrics", () => {
  it('sums the requests of the workers and pool connections, but counts shared database rows once', async () => {
    const workers = [
      createMetrics(storage, () => ({ total: 10, idle: 8, waiting: 0 })),
      createMetrics(storage, () => ({ total: 10, idle: 6, waiting: 1 })),
    ];
    workers[0]?.observe(report);
    workers[1]?.observe(report);
    workers[1]?.observe(report);
    const aggregated = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((worker) => worker.registry.getMetricsAsJSON())),
    );
    const families = new Map(parsePrometheus(await aggregated.metrics()).map((f) => [f.name, f]));
    const value = (name: string, labels: Record<string, string>) =>
      Number(
        families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
          ?.value,
      );
    expect(value('wsadmin_http_requests_total', { operation: 'getScope' })).toBe(3);
    expect(value('wsadmin_db_pool_connections', { state: 'total' })).toBe(20);
    expect(value('wsadmin_db_pool_connections', { state: 'waiting' })).toBe(1);
    // Each worker reads the same refresh_tasks table; the sum would double it.
    const own = parsePrometheus((await workers[0]?.registry.metrics()) ?? '').find(
      (f) => f.name === 'wsadmin_refresh_tasks',
    );
    expect(own?.metrics).toHaveLength(2);
    expect(families.get('wsadmin_refresh_tasks')?.metrics).toEqual(own?.metrics);
  });

  it('answers 503 naming the problem when the workers do not answer in time', async () => {
    const app = new Hono();
    mountMetrics(
      app,
      { contentType: 'text/plain', metrics: () => Promise.reject(new Error('the primary did not answer')) },
      undefined,
    );
    const response = await app.request('/metrics');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errcode: 503,
      errmsg: 'metrics unavailable: the primary did not answer',
      data: { reason: 'unavailable' },
    });
  });
});
