import type { RequestReport, Storage } from '@wsadmin/server-core';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import { RequestDurations } from './request-durations';

/** Connections of a database pool (PostgreSQL); SQLite has one connection and no pool. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  observe(report: RequestReport): void;
}

/**
 * Prometheus metrics of one server process, in a registry of its own (not prom-client's global
 * one, so several servers in one process, as in the tests, do not collide). Labels are bounded:
 * operationIds and route templates, never raw paths or key ids.
 */
export function createMetrics(storage: Storage, poolStats?: () => PoolStats): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'wsadmin_' });
  const labelNames = ['operation', 'method', 'status'] as const;
  const duration = new RequestDurations(
    'wsadmin_http_request_duration_seconds',
    'Time from receiving a request to its answer, by operationId, method and HTTP status.',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  registry.registerMetric(duration as unknown as Metric);
  // The histogram counts every request already: the counter copies its counts when scraped rather
  // than counting again (npm run bench).
  new Counter({
    name: 'wsadmin_http_requests_total',
    help: 'Answered requests by operationId (or route outside the contract), method and HTTP status.',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of duration.counts()) this.inc(labels, count);
    },
  });
  const refused = new Counter({
    name: 'wsadmin_rate_limited_total',
    help: 'Requests refused with 429, by bucket (address, key, strict).',
    labelNames: ['bucket'] as const,
    registers: [registry],
  });
  if (poolStats) {
    new Gauge({
      name: 'wsadmin_db_pool_connections',
      help: 'Database pool connections by state: total (open), idle, waiting (requests queued for one).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'wsadmin_refresh_tasks',
    help: 'Refresh tasks in the database by state (shared by every process on one database).',
    labelNames: ['state'] as const,
    registers: [registry],
    // Every worker of a cluster counts the same rows: their sum would multiply the count.
    aggregator: 'max',
    async collect() {
      try {
        const rows = await storage.db
          .selectFrom('refresh_tasks')
          .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('state')
          .execute();
        this.reset();
        for (const row of rows) this.set({ state: row.state }, Number(row.count));
      } catch {
        // The database is down: the scrape still answers (readiness reports the outage).
      }
    },
  });
  return {
    registry,
    observe(report) {
      const labels = {
        operation: report.operationId ?? report.route,
        method: report.method,
        status: report.status,
      };
      duration.observe(labels, report.durationMs / 1000);
      if (report.rateLimited) refused.inc({ bucket: report.rateLimited });
    },
  };
}
